#!/usr/bin/env node
// Shim: registers tsx so the TypeScript sources run as they are, then hands over to the CLI.
import { register } from 'tsx/esm/api';

register();
await import('../generator/cli.ts');
