// npm run bench:native: only the native core through Google Benchmark.
import { runNativeBench, printNative } from './native.mjs';

const native = await runNativeBench();
if (native) printNative(native);
else process.exitCode = 1;
