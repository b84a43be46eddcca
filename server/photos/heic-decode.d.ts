/** heic-decode ships no types: the part of its API photos use (bounded-image.ts). */
declare module 'heic-decode' {
  interface DecodedImage {
    width: number;
    height: number;
    /** RGBA, 4 bytes a pixel. */
    data: Uint8ClampedArray;
  }
  interface HeicImage {
    /** Read from the container, before anything is decoded. */
    width: number;
    height: number;
    decode(): Promise<DecodedImage>;
  }
  type HeicImages = HeicImage[] & { dispose(): void };
  interface HeicDecode {
    (input: { buffer: Uint8Array }): Promise<DecodedImage>;
    all(input: { buffer: Uint8Array }): Promise<HeicImages>;
  }
  const decode: HeicDecode;
  export default decode;
}
