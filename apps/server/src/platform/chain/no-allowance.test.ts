import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The platform never asks anyone for spending rights over their tokens (issue 15): no ERC-20 /
 * TRC-20 approve, increaseAllowance or permit, in any ABI, call, signature or selector, anywhere
 * in the sources. Deposits arrive by plain transfers; sweeps and withdrawals sign their own
 * transfers. This test reads every source file and fails on any such use.
 *
 * "approve" is also a review decision (modules/review): plain calls named approve are flagged only
 * in files that use a chain library; ABI entries, signatures and selectors are flagged everywhere.
 */

const HERE = fileURLToPath(import.meta.url);
const REPO = path.resolve(path.dirname(HERE), '../../../../..');
const ROOTS = ['apps/server/src', 'apps/web/src', ...packageSources()];
const EXTENSIONS = /\.(ts|tsx|js|mjs|cjs|jsx|sol|json)$/;

function packageSources(): string[] {
  return readdirSync(path.join(REPO, 'packages'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `packages/${entry.name}/src`);
}

const NAMES = 'approve|increaseAllowance|decreaseAllowance|permit|allowance|transferFrom';
const EVERYWHERE: Array<{ rule: string; pattern: RegExp }> = [
  // An ABI entry or a viem/tronweb call by name: { name: 'approve' }, functionName: "permit", "name": "approve".
  {
    rule: 'ABI entry or call by name',
    pattern: new RegExp(`["']?\\b(?:functionName|name|method)["']?\\s*:\\s*["'\`](?:${NAMES})["'\`]`),
  },
  // A signature: 'function approve(address …', 'approve(address,uint256)', Solidity sources.
  { rule: 'function signature', pattern: /\b(?:approve|increaseAllowance|decreaseAllowance|permit)\s*\(\s*address\b/ },
  // Selectors of approve, increaseAllowance, EIP-2612 permit and DAI's permit.
  { rule: 'function selector', pattern: /0x(?:095ea7b3|39509351|d505accf|8fcbaf0c)/i },
  // Method calls that only exist for allowances.
  { rule: 'allowance call', pattern: /\.(?:increaseAllowance|decreaseAllowance|permit)\s*\(/ },
];
/**
 * In files that use a chain library, `approve(` itself, except the review framework's decision
 * (`reviews.approve(…)`, `service.approve(…)`), which tests of chain code call too.
 */
const CHAIN_LIBRARY =
  /from\s+['"](?:viem|viem\/[\w/]+|ethers|tronweb|wagmi|web3)['"]|require\(['"](?:ethers|tronweb|web3)['"]\)/;
const IN_CHAIN_FILES = {
  rule: 'approve call in chain code',
  pattern: /(?<!\b(?:reviews?|service|queue)\.)\bapprove\s*\(/,
};

function allowanceUses(text: string): string[] {
  const rules = CHAIN_LIBRARY.test(text) ? [...EVERYWHERE, IN_CHAIN_FILES] : EVERYWHERE;
  const found: string[] = [];
  text.split('\n').forEach((line, index) => {
    for (const { rule, pattern } of rules) {
      if (pattern.test(line)) found.push(`${index + 1}: ${rule}: ${line.trim().slice(0, 120)}`);
    }
  });
  return found;
}

function* sourceFiles(directory: string): Generator<string> {
  let entries: import('node:fs').Dirent[];
  try {
    entries = readdirSync(directory, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (EXTENSIONS.test(entry.name) && full !== HERE) yield full;
  }
}

describe('no token allowances anywhere', () => {
  it('finds them in the shapes they take (so the scan below can fail)', () => {
    const samples = [
      "{ type: 'function', name: 'approve', inputs: [] }",
      '{ "name": "permit", "type": "function" }',
      "await wallet.writeContract({ address, abi, functionName: 'increaseAllowance', args })",
      "parseAbi(['function approve(address spender, uint256 value) returns (bool)'])",
      "tronWeb.transactionBuilder.triggerSmartContract(token, 'approve(address,uint256)', {}, params)",
      "const data = '0x095ea7b3' + spender",
      'await token.permit(owner, spender, value, deadline, v, r, s)',
      "import { getContract } from 'viem';\nawait token.write.approve([spender, amount]);",
      "import { getContract } from 'viem';\nawait approve(spender, amount);",
    ];
    for (const sample of samples) expect(allowanceUses(sample), sample).not.toEqual([]);
    const legitimate = [
      "const approved = await service.approve('withdrawal', item.id, actor('7'), 'en');",
      "| { action: 'approve' }",
      '// Operators approve (or reject) withdrawals; the token has no approve, no transferFrom, no permit.',
      "functionName: 'transfer'",
      "import { parseAbi } from 'viem';\nawait reviews.approve('deposit', item.id, actor, 'en');",
    ];
    for (const sample of legitimate) expect(allowanceUses(sample), sample).toEqual([]);
  });

  it('has none in apps/server/src, apps/web/src or packages/*/src', () => {
    const offenders: string[] = [];
    let scanned = 0;
    for (const root of ROOTS) {
      for (const file of sourceFiles(path.join(REPO, root))) {
        scanned += 1;
        for (const use of allowanceUses(readFileSync(file, 'utf8')))
          offenders.push(`${path.relative(REPO, file)}:${use}`);
      }
    }
    expect(scanned).toBeGreaterThan(100);
    expect(offenders).toEqual([]);
  });
});
