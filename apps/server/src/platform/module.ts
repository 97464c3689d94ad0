import type { FastifyInstance } from 'fastify';

/**
 * What each module's `create…Module(deps)` returns (issue 12). `buildApp` is a list of them:
 * it starts them in list order, registers their routes, and stops them in reverse order when the
 * app closes. `deps` are the other modules' public services and the platform pieces a module
 * needs, passed by the composition root; a module never reaches for them itself.
 */
export type AppModule<Service> = {
  readonly name: string;
  /** The public service: what the composition root hands to other modules. */
  readonly service: Service;
  /** Registers the module's routes (it knows its own prefixes). */
  register(app: FastifyInstance): Promise<void>;
  /** Starts its runtime pieces (feeds, engines, timers). */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** The events it publishes and those it listens to (the module table in ARCHITECTURE.md). */
  readonly publishes: readonly string[];
  readonly subscribes: readonly string[];
};

/** Starts the modules in order and stops them in reverse order when the app closes. */
export async function startModules(app: FastifyInstance, modules: ReadonlyArray<AppModule<unknown>>): Promise<void> {
  const started: Array<AppModule<unknown>> = [];
  app.addHook('onClose', async () => {
    for (const module of started.reverse()) await module.stop();
  });
  for (const module of modules) {
    await module.start();
    started.push(module);
  }
}
