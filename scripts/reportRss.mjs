// Loaded with `node --import` by the benchmarks: prints the process's peak RSS on exit.
process.on('exit', () => process.stderr.write(`\nSITE_PEAK_RSS_KB=${process.resourceUsage().maxRSS}\n`));
