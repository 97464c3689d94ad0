import { type BootTexts, parseAppModules, runBootShell, startAppAfterFirstPaint } from './boot-shell';

// Written in at build time by vite-boot-shell.ts: every language's texts for BOOT_TEXT_KEYS.
declare const OB_BOOT_TEXTS: BootTexts;

runBootShell(OB_BOOT_TEXTS);
startAppAfterFirstPaint(
  parseAppModules(document.getElementById('ob-app-modules')?.textContent),
  window.location.pathname,
);
