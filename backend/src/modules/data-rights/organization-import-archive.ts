import * as yauzl from 'yauzl';

/** The largest upload (the ZIP itself), held in memory while it is read. */
export const IMPORT_MAX_BYTES = 100 * 1024 * 1024;
/** The largest `organization.json` once unpacked: a zip bomb stops here, whatever its headers say. */
export const IMPORT_MAX_JSON_BYTES = 512 * 1024 * 1024;
/** The largest stored file (the procedure document's limit is 10 MB). */
export const IMPORT_MAX_FILE_BYTES = 10 * 1024 * 1024;
/** More entries than an export ever has (one CSV per table and a file or two). */
export const IMPORT_MAX_ENTRIES = 200;

/** A refusal of the archive, with a message naming what is wrong (answered as 422). */
export class ArchiveProblem extends Error {}

export interface ImportArchive {
  /** The text of organization.json. */
  json: string;
  /** The entries under files/, by name. */
  files: Map<string, Buffer>;
}

/**
 * Reads an organisation export's ZIP: organization.json and the files under files/ (the CSVs are
 * for people and other systems; the import reads the JSON). Sizes are counted as the bytes are
 * unpacked, not taken from the headers, so a zip bomb is refused before it fills memory.
 */
export function readImportArchive(buffer: Buffer): Promise<ImportArchive> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true, validateEntrySizes: true, strictFileNames: true }, (openError, zip) => {
      if (openError || !zip) {
        reject(new ArchiveProblem('The file is not a ZIP archive. Upload the .zip file that "Export all data" downloaded.'));
        return;
      }
      let json: string | undefined;
      const files = new Map<string, Buffer>();
      let count = 0;
      const fail = (message: string) => {
        zip.close();
        reject(new ArchiveProblem(message));
      };
      zip.on('error', () => fail('The ZIP archive is damaged: it could not be read to the end. Export the organisation again.'));
      zip.on('end', () => {
        if (json === undefined)
          reject(new ArchiveProblem('The archive has no organization.json. Upload the .zip file that "Export all data" downloaded.'));
        else resolve({ json, files });
      });
      zip.on('entry', (entry: yauzl.Entry) => {
        count += 1;
        if (count > IMPORT_MAX_ENTRIES) return fail(`The archive has more than ${IMPORT_MAX_ENTRIES} entries; an organisation export has far fewer.`);
        const name = entry.fileName;
        const limit = name === 'organization.json' ? IMPORT_MAX_JSON_BYTES : name.startsWith('files/') ? IMPORT_MAX_FILE_BYTES : undefined;
        if (limit === undefined || name.endsWith('/')) return zip.readEntry();
        if (name === 'organization.json' && json !== undefined) return fail('The archive has organization.json twice.');
        if (entry.uncompressedSize > limit) return fail(`${name} is larger than ${limit / 1024 / 1024} MB once unpacked.`);
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return fail(`${name} in the archive could not be unpacked: ${streamError?.message ?? 'no data'}.`);
          const chunks: Buffer[] = [];
          let size = 0;
          stream.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > limit) {
              stream.destroy();
              fail(`${name} is larger than ${limit / 1024 / 1024} MB once unpacked.`);
            } else chunks.push(chunk);
          });
          stream.on('error', (err) => fail(`${name} in the archive could not be unpacked: ${err.message}.`));
          stream.on('end', () => {
            const bytes = Buffer.concat(chunks);
            if (name === 'organization.json') json = bytes.toString('utf8');
            else files.set(name, bytes);
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}
