/** The part of pdf.js's standalone image decoders the engine uses; pdfjs-dist ships no types for this entry. */
declare module 'pdfjs-dist/legacy/image_decoders/pdf.image_decoders.mjs' {
  export class JpegImage {
    constructor(options?: { decodeTransform?: number[] | null; colorTransform?: number });
    width: number;
    height: number;
    numComponents: number;
    parse(data: Uint8Array): void;
    getData(options: {
      width: number;
      height: number;
      forceRGBA?: boolean;
      forceRGB?: boolean;
      isSourcePDF?: boolean;
    }): Uint8ClampedArray;
  }
}
