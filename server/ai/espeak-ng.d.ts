declare module 'espeak-ng' {
  /** The Emscripten module factory of espeak-ng's WebAssembly build; it runs the CLI with `arguments`. */
  export default function ESpeakNg(options: Record<string, unknown>): Promise<unknown>;
}
