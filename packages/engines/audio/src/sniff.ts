// @ts-expect-error audio-type ships no type declarations
import untypedGetType from 'audio-type';

/** The container or codec the bytes start with (audio-type's names: 'wav', 'mp3', 'm4a', 'oga', …), if audio. */
export const sniffAudio: (bytes: Uint8Array) => string | undefined = untypedGetType;
