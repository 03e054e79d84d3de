/**
 * Part F's hostile files, generated (no binary blobs in the repository): polyglots, lying headers,
 * decompression bombs, metadata with a location, archives. Markers let a test look for what must
 * not survive in the bytes the server stores and serves.
 */
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** Text planted in hostile files; none of it may come back from the server. */
export const markers = {
  script: '<script>alert("rel-efg")</script>',
  gps: 'RELEFGGPSDATUM',
  zipEntry: 'rel-efg-payload.html',
} as const;

const solid = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#2a6' } });

export const smallJpeg = () => solid(24, 16).jpeg().toBuffer();
export const smallPng = () => solid(24, 16).png().toBuffer();
export const smallWebp = () => solid(24, 16).webp().toBuffer();

/** A PNG chunk: length, type, data, CRC of type + data. */
function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A valid PNG of exactly `bytes` bytes: a small picture padded by a private ancillary chunk, which decoders skip. */
export async function pngOfSize(bytes: number): Promise<Buffer> {
  const base = await smallPng();
  const iend = base.length - 12;
  const padding = bytes - base.length - 12;
  if (padding < 0) throw new Error(`a PNG cannot be as small as ${bytes} bytes`);
  return Buffer.concat([base.subarray(0, iend), pngChunk('prVt', Buffer.alloc(padding, 0x5a)), base.subarray(iend)]);
}

/** A tiny valid PNG whose header claims `width` × `height` pixels (the data does not follow). */
export async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const file = Buffer.from(await solid(1, 1).png().toBuffer());
  file.writeUInt32BE(width, 16);
  file.writeUInt32BE(height, 20);
  file.writeUInt32BE(crc32(file.subarray(12, 29)), 29);
  return file;
}

/** A small JPEG whose frame header (SOF) claims `width` × `height` pixels. */
export async function jpegClaiming(width: number, height: number): Promise<Buffer> {
  const file = Buffer.from(await smallJpeg());
  for (let i = 2; i < file.length - 9; i += 1) {
    // SOF0 or SOF2: FF C0/C2, length (2), precision (1), height (2), width (2).
    if (file[i] === 0xff && (file[i + 1] === 0xc0 || file[i + 1] === 0xc2)) {
      file.writeUInt16BE(height, i + 5);
      file.writeUInt16BE(width, i + 7);
      return file;
    }
  }
  throw new Error('no frame header in the JPEG');
}

/**
 * A real, consistent PNG that inflates to `side` × `side` 1-bit pixels (a decompression bomb:
 * tens of kilobytes on the wire, hundreds of megapixels once decoded).
 */
export function pngBomb(side: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const rowBytes = 1 + Math.ceil(side / 8); // filter byte + pixels
  const pixels = deflateSync(Buffer.alloc(rowBytes * side), { level: 9 });
  return Buffer.concat([
    pngSignature,
    pngChunk('IHDR', header),
    pngChunk('IDAT', pixels),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A JPEG with HTML in a comment segment and after its end: a browser sniffing it could run the script. */
export async function jpegHtmlPolyglot(): Promise<Buffer> {
  const jpeg = await smallJpeg();
  const html = Buffer.from(`<html><body>${markers.script}</body></html>`);
  const comment = Buffer.alloc(4);
  comment.writeUInt16BE(0xfffe, 0);
  comment.writeUInt16BE(html.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), comment, html, jpeg.subarray(2), Buffer.from('<!--'), html]);
}

/** HTML first, a JPEG after it: some sniffers take it for a page. */
export async function htmlThenJpeg(): Promise<Buffer> {
  return Buffer.concat([Buffer.from(`<!doctype html><html>${markers.script}<!--`), await smallJpeg()]);
}

export const svgWithScript = () =>
  Buffer.from(
    `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)">${markers.script}<rect width="9" height="9"/></svg>`,
  );

export const htmlPage = () => Buffer.from(`<!doctype html><html><body>${markers.script}</body></html>`);

/** A zip archive (stored, one entry) holding an HTML page. */
export function zipArchive(): Buffer {
  const name = Buffer.from(markers.zipEntry);
  const content = htmlPage();
  const crc = crc32(content);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(10, 4);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(content.length, 18);
  local.writeUInt32LE(content.length, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(10, 6);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(content.length, 20);
  central.writeUInt32LE(content.length, 24);
  central.writeUInt16LE(name.length, 28);
  const centralOffset = local.length + name.length + content.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(centralOffset, 16);
  return Buffer.concat([local, name, content, central, name, end]);
}

/** A JPEG with a zip appended (the zip's directory sits at the end, where unzip tools look). */
export async function jpegZipPolyglot(): Promise<Buffer> {
  return Buffer.concat([await smallJpeg(), zipArchive()]);
}

const gpsExif = {
  IFD0: { Artist: 'rel-efg', Make: 'RelCam' },
  IFD3: {
    GPSLatitudeRef: 'N',
    GPSLatitude: '35/1 39/1 2910/100',
    GPSLongitudeRef: 'E',
    GPSLongitude: '139/1 44/1 2850/100',
    GPSMapDatum: markers.gps,
  },
};

/** Pictures carrying EXIF with a GPS position (IFD3 is libvips' GPS directory), in each accepted format. */
export const withGps = {
  jpeg: () => solid(32, 24).jpeg().withExif(gpsExif).toBuffer(),
  png: () => solid(32, 24).png().withExif(gpsExif).toBuffer(),
  webp: () => solid(32, 24).webp().withExif(gpsExif).toBuffer(),
};
