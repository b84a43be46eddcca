import { toggleNativeLog } from '@fugood/whisper.node';

// whisper.cpp and ggml print every model load to stderr from native code, burying test
// reports. Switched to JavaScript with no listener, those lines go nowhere; a failing
// engine still fails with its own error.
await toggleNativeLog(true);
