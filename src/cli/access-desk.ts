#!/usr/bin/env node
// The installed `access-desk` command (package.json `bin`): built to out/main/access-desk.js.
import '../main/cli'
