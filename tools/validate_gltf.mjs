// SPDX-License-Identifier: MIT
// Validates one glTF 2.0 file (.gltf or .glb) with the Khronos glTF validator.
// Usage: node tools/validate_gltf.mjs FILE [--ignore CODE]... [--json]
// Prints the counts per severity and each issue code with how often it occurs;
// exits 0 with no errors, 1 with errors, 2 when the file cannot be read or parsed.
// Needs `npm install --prefix tools` (gltf-validator in tools/node_modules).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import * as validator from 'gltf-validator/module.mjs';

const severities = ['error', 'warning', 'info', 'hint'];

function usage(message) {
    console.error(`validate_gltf: ${message}\nusage: node tools/validate_gltf.mjs FILE [--ignore CODE]... [--json]`);
    process.exit(2);
}

const args = process.argv.slice(2);
let file = null;
let json = false;
const ignored = [];
for (let i = 0; i < args.length; ++i) {
    if (args[i] === '--json') json = true;
    else if (args[i] === '--ignore') {
        if (i + 1 >= args.length) usage('--ignore needs an issue code');
        ignored.push(args[++i]);
    } else if (args[i].startsWith('-')) usage(`unknown option ${args[i]}`);
    else if (file === null) file = args[i];
    else usage('one FILE only');
}
if (file === null) usage('no FILE given');

let bytes;
try {
    bytes = new Uint8Array(await readFile(file));
} catch (e) {
    console.error(`validate_gltf: ${file}: ${e.message}`);
    process.exit(2);
}

// External buffers and images (a .bin beside a .gltf) resolve against the file's folder.
const folder = path.dirname(path.resolve(file));
const loadExternal = async (uri) => new Uint8Array(await readFile(path.resolve(folder, decodeURIComponent(uri))));

let report;
try {
    report = await validator.validateBytes(bytes, {
        uri: path.basename(file),
        externalResourceFunction: loadExternal,
        maxIssues: 0,  // count every issue, not only the first 100
        writeTimestamp: false,
        ignoredIssues: ignored,
    });
} catch (e) {
    console.error(`validate_gltf: ${file}: the validator could not read it: ${e}`);
    process.exit(2);
}

if (json) console.log(JSON.stringify(report, null, 2));
const issues = report.issues;
const counts = severities.map((name) => `${name}s: ${issues[`num${name[0].toUpperCase()}${name.slice(1)}s`] ?? 0}`);
console.log(`${file}: ${counts.join(', ')}`);
// Group by code: one line per code with its count and the first pointer and message.
const byCode = new Map();
for (const m of issues.messages) {
    const entry = byCode.get(m.code) ?? { severity: m.severity, count: 0, first: m };
    entry.count += 1;
    byCode.set(m.code, entry);
}
for (const [code, e] of [...byCode].sort((a, b) => a[1].severity - b[1].severity || a[0].localeCompare(b[0]))) {
    const where = e.first.pointer ?? (e.first.offset !== undefined ? `byte ${e.first.offset}` : '');
    console.log(`  ${severities[e.severity] ?? e.severity} ${code} x${e.count}: ${where} ${e.first.message}`);
}
process.exit(issues.numErrors > 0 ? 1 : 0);
