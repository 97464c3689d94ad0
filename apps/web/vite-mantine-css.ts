import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

// A Mantine component's class-name module, e.g. …/@mantine/core/esm/components/Button/Button.module.mjs
const CLASS_MODULE = /^(.*[\\/]@mantine[\\/]core[\\/])esm[\\/].*[\\/](\w+)\.module\.mjs$/;

/**
 * Mantine's stylesheet, a component at a time (issue 16, item 0). Instead of the whole
 * `@mantine/core/styles.css` (~290 KB) blocking the first paint, every Mantine component's
 * class-name module imports that component's own stylesheet, so the CSS follows the JavaScript:
 * the entry's stylesheet holds only what the shell and the first page use, and each lazy chunk
 * brings (and waits for, through Vite's preload) the styles of the components it uses. Module
 * order puts a component's dependencies' styles before its own, as styles.css does. The
 * `.layer.css` versions keep all of Mantine in `@layer mantine`, so the app's own styles win
 * whatever order the chunks arrive in. src/main.tsx imports the global parts (baseline, CSS
 * variables, global classes).
 * In development, where Vite pre-bundles @mantine/core into one file, the whole layered
 * stylesheet is imported instead.
 */
export function mantineCssPerComponent(): Plugin {
  let isBuild = true;
  return {
    name: 'openbourse:mantine-css-per-component',
    enforce: 'pre',
    configResolved(config) {
      isBuild = config.command === 'build';
    },
    transform(code, id) {
      if (!isBuild) {
        if (/[\\/]apps[\\/]web[\\/]src[\\/]main\.tsx$/.test(id)) {
          return { code: `import '@mantine/core/styles.layer.css';\n${code}`, map: null };
        }
        return undefined;
      }
      const match = CLASS_MODULE.exec(id.split('?')[0] ?? '');
      if (!match) return undefined;
      const [, packageRoot = '', component = ''] = match;
      const stylesheet = path.join(packageRoot, 'styles', `${component}.layer.css`);
      if (!existsSync(stylesheet)) this.error(`no stylesheet for Mantine's ${component} at ${stylesheet}`);
      return { code: `import ${JSON.stringify(stylesheet)};\n${code}`, map: null };
    },
  };
}
