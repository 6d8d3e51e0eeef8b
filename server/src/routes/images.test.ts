import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import {
  type ImageDto,
  type MessageResponse,
  newId,
  type ProjectDocument,
  type ProjectSummaryDto,
  type Role,
} from '@werkboard/common';
import { grantLifetimeLicense } from '../test/licenseKeys';
import { buildProject, withCard, type Person, signedInPerson } from '../test/factories';
import { TEST_ADMIN, testServer, type TestServer, type ErrorBody, type ApiArgs } from '../test/testServer';

/**
 * Project images (issue 6; docs/api.md "Images"): uploads decided by their bytes, the files
 * under <dataDir>/images/<projectId>/, the thumbnail, deletion, the project's
 * thumbnailImageId through the merging PUT, and permanent project deletion.
 */

const MSG = {
  unauthorized: 'Sitzung abgelaufen oder ungültig. Bitte erneut anmelden.',
  projectNotFound: 'Projekt nicht gefunden.',
  accessForbidden: 'Sie haben keinen Zugriff auf dieses Projekt.',
  tooLarge: 'Das Bild darf 5 MB nicht überschreiten.',
  wrongType: 'Nur Bilder im Format PNG, JPEG, GIF oder WebP können hochgeladen werden.',
  unreadable: 'Datei konnte nicht gelesen werden.',
  nameRequired: 'Der Dateiname fehlt.',
  nameTooLong: 'Der Dateiname darf höchstens 200 Zeichen lang sein.',
  dataRequired: 'Die Bilddaten fehlen.',
  projectRequired: 'Bitte wählen Sie ein Projekt aus.',
  readOnly: 'Die Bilder eines abgeschlossenen oder archivierten Projekts können nicht geändert werden.',
  imageNotFound: 'Das Bild wurde nicht gefunden.',
  thumbnailUnknown: 'Das gewählte Vorschaubild gehört nicht zu diesem Projekt.',
  deleted: 'Das Bild wurde gelöscht.',
  archived: 'Projekt wurde archiviert.',
  deletedPermanently: 'Projekt wurde endgültig gelöscht.',
  permanentOnlyArchived: 'Nur archivierte Projekte können endgültig gelöscht werden.',
} as const;

const MAX_BYTES = 5 * 1024 * 1024;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

type Format = 'png' | 'jpeg' | 'gif' | 'webp';
const EXTENSION: Record<Format, string> = { png: 'png', jpeg: 'jpg', gif: 'gif', webp: 'webp' };

let t: TestServer;
let admin: Person;
let owner: Person;
let member: Person;
let helfer: Person;
let stranger: Person;
let firmenleiter: Person;

const person = (role: Role) => signedInPerson(t, role);

beforeAll(async () => {
  t = await testServer();
  const login = await t.login(TEST_ADMIN.username, TEST_ADMIN.password);
  admin = { id: login.user.id, username: login.user.username, token: login.token };
  // The Free license allows 6 users and 10 active projects; these tests make more.
  await grantLifetimeLicense();
  owner = await person('Projektleiter');
  member = await person('Monteur');
  helfer = await person('Helfer');
  stranger = await person('Monteur');
  firmenleiter = await person('Firmenleiter');
});
afterAll(() => t.close());

const api = <T = ErrorBody>(...args: ApiArgs) => t.api<T>(...args);

/** Fetches a file route and keeps the bytes as they are (TestServer.request reads text). */
async function fetchFile(urlPath: string, token?: string) {
  const headers: Record<string, string> = { 'X-Device-Id': 'test-device' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(`${t.url}${urlPath}`, { headers });
  const bytes = Buffer.from(await response.arrayBuffer());
  const isJson = response.headers.get('content-type')?.includes('application/json');
  return {
    status: response.status,
    headers: response.headers,
    bytes,
    body: (isJson ? JSON.parse(bytes.toString('utf8')) : {}) as ErrorBody,
  };
}

// --- files on disk ---------------------------------------------------------------------

const projectImageDir = (projectId: string) => path.join(t.server.services.config.dataDir, 'images', projectId);

/** The names of the files in the project's image directory (none when it does not exist). */
const filesOf = (projectId: string) => {
  const dir = projectImageDir(projectId);
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
};

const filesOfImage = (image: Pick<ImageDto, 'id' | 'projectId' | 'mimeType'>) => {
  const extension = EXTENSION[image.mimeType.slice('image/'.length) as Format];
  return {
    full: path.join(projectImageDir(image.projectId), `${image.id}.${extension}`),
    thumbnail: path.join(projectImageDir(image.projectId), `${image.id}.thumb.webp`),
  };
};

// --- images ----------------------------------------------------------------------------

/** A real image of the format: a colour gradient, so that it is not trivially small. */
async function makeImage(format: Format, width = 40, height = 30): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const offset = (y * width + x) * 3;
      pixels[offset] = (x * 255) / width;
      pixels[offset + 1] = (y * 255) / height;
      pixels[offset + 2] = 128;
    }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .toFormat(format)
    .toBuffer();
}

const dataUrl = (bytes: Buffer, declared = 'image/png') => `data:${declared};base64,${bytes.toString('base64')}`;

/**
 * A real PNG of exactly `size` bytes: random pixels stored without compression, padded with a
 * private ancillary chunk (which decoders skip) up to the size.
 */
async function pngOfExactSize(size: number): Promise<Buffer> {
  const width = 1200;
  const height = 1400;
  const png = await sharp(crypto.randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
  const padding = size - png.length - 12;
  expect(padding).toBeGreaterThan(0);
  const type = Buffer.from('wbPd', 'latin1');
  const data = Buffer.alloc(padding, 0x61);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(padding);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([type, data])));
  const iend = png.length - 12;
  const result = Buffer.concat([png.subarray(0, iend), length, type, data, crc, png.subarray(iend)]);
  expect(result.length).toBe(size);
  return result;
}

// --- projects --------------------------------------------------------------------------

/** A project of the owner with the member and the Helfer on its team. */
const createProject = () => buildProject(t, owner.token, { memberIds: [member.id, helfer.id] });

async function read(id: string, who: Person = owner): Promise<ProjectDocument> {
  const response = await api<ProjectDocument>('GET', `/api/projects/${id}`, who.token);
  expect(response.status).toBe(200);
  return response.body;
}

async function upload(
  projectId: string,
  bytes: Buffer,
  { who = member, name = 'foto.png', declared = 'image/png' }: { who?: Person; name?: string; declared?: string } = {},
): Promise<ImageDto> {
  const response = await api<ImageDto>('POST', '/api/images', who.token, {
    projectId,
    name,
    dataUrl: dataUrl(bytes, declared),
  });
  expect(response.status).toBe(201);
  return response.body;
}

async function listImages(projectId: string, who: Person = owner): Promise<ImageDto[]> {
  const response = await api<ImageDto[]>('GET', `/api/images/${projectId}`, who.token);
  expect(response.status).toBe(200);
  return response.body;
}

/** What a refused upload must leave as it was: the list and the files on disk. */
async function stored(projectId: string) {
  return { images: await listImages(projectId), files: filesOf(projectId) };
}

/** The document with one card more at the end of its first column. */
const withNewCard = (document: ProjectDocument, title: string) => withCard(document, { title });

const putProject = (document: ProjectDocument, who: Person = owner) =>
  api<ProjectDocument & ErrorBody>('PUT', `/api/projects/${document.id}`, who.token, document);

describe('authentication', () => {
  it('answers 401 on every image route without a token and stores or deletes nothing', async () => {
    const project = await createProject();
    const image = await upload(project.id, await makeImage('png'));
    const before = await stored(project.id);
    const routes: [string, string, unknown?][] = [
      ['GET', `/api/images/${project.id}`],
      ['GET', `/api/image-files/${image.id}`],
      ['GET', `/api/image-files/${image.id}/thumbnail`],
      [
        'POST',
        '/api/images',
        { projectId: project.id, name: 'anonym.png', dataUrl: dataUrl(await makeImage('png', 10, 10)) },
      ],
      ['DELETE', `/api/images/${image.id}`],
    ];
    for (const [method, urlPath, body] of routes) {
      const response = await api(method, urlPath, undefined, body);
      expect([method, urlPath, response.status, response.body.message]).toEqual([
        method,
        urlPath,
        401,
        MSG.unauthorized,
      ]);
    }
    expect(await stored(project.id)).toEqual(before);
  });
});

describe('POST /api/images', () => {
  it('stores an upload of a team member: 201 ImageDto, the file and its thumbnail on disk', async () => {
    const project = await createProject();
    const bytes = await makeImage('png', 64, 48);
    const response = await api<ImageDto>('POST', '/api/images', member.token, {
      projectId: project.id,
      name: ' Baustelle Nord.png ',
      dataUrl: dataUrl(bytes),
    });
    expect(response.status).toBe(201);
    const image = response.body;
    expect(image).toEqual({
      id: expect.stringMatching(UUID) as string,
      projectId: project.id,
      name: 'Baustelle Nord.png',
      mimeType: 'image/png',
      size: bytes.length,
      width: 64,
      height: 48,
      uploadedBy: member.id,
      uploadedByUsername: member.username,
      createdAt: expect.stringMatching(ISO_TIME) as string,
    });
    const files = filesOfImage(image);
    expect(filesOf(project.id)).toEqual([path.basename(files.full), path.basename(files.thumbnail)].sort());
    expect(fs.readFileSync(files.full).equals(bytes)).toBe(true);
    expect(await sharp(fs.readFileSync(files.thumbnail)).metadata()).toMatchObject({
      format: 'webp',
      width: 64,
      height: 48,
    });
    expect(await listImages(project.id)).toEqual([image]);
  });

  it.each([
    ['png', 'image/png'],
    ['jpeg', 'image/jpeg'],
    ['gif', 'image/gif'],
    ['webp', 'image/webp'],
  ] as const)(
    'takes %s: type, size and dimensions from the bytes, a WebP thumbnail of at most 320 px',
    async (format, mimeType) => {
      const project = await createProject();
      const bytes = await makeImage(format, 800, 600);
      const image = await upload(project.id, bytes, { name: `bild.${format}`, declared: mimeType });
      const files = filesOfImage(image);
      // The stored original is a re-encoding in the same format (finding 11), its size the file's.
      const storedBytes = fs.readFileSync(files.full);
      expect(image).toMatchObject({ mimeType, size: storedBytes.length, width: 800, height: 600 });
      expect(path.basename(files.full)).toBe(`${image.id}.${EXTENSION[format]}`);
      expect(await sharp(storedBytes).metadata()).toMatchObject({ format, width: 800, height: 600 });

      const full = await fetchFile(`/api/image-files/${image.id}`, owner.token);
      expect(full.status).toBe(200);
      expect(full.headers.get('content-type')).toBe(mimeType);
      expect(full.headers.get('cache-control')).toBe('private, max-age=86400');
      expect(full.bytes.equals(storedBytes)).toBe(true);

      const thumbnail = await fetchFile(`/api/image-files/${image.id}/thumbnail`, owner.token);
      expect(thumbnail.status).toBe(200);
      expect(thumbnail.headers.get('content-type')).toBe('image/webp');
      expect(thumbnail.bytes.equals(fs.readFileSync(files.thumbnail))).toBe(true);
      expect(await sharp(thumbnail.bytes).metadata()).toMatchObject({ format: 'webp', width: 320, height: 240 });
    },
  );

  it('fits a tall image’s thumbnail into 320 px and never enlarges a small one', async () => {
    const project = await createProject();
    const tall = await upload(project.id, await makeImage('jpeg', 300, 960), { declared: 'image/jpeg' });
    const tallThumbnail = await sharp(fs.readFileSync(filesOfImage(tall).thumbnail)).metadata();
    expect([tallThumbnail.format, tallThumbnail.width, tallThumbnail.height]).toEqual(['webp', 100, 320]);
    const small = await upload(project.id, await makeImage('png', 20, 10));
    const smallThumbnail = await sharp(fs.readFileSync(filesOfImage(small).thumbnail)).metadata();
    expect([smallThumbnail.format, smallThumbnail.width, smallThumbnail.height]).toEqual(['webp', 20, 10]);
  });

  it('gives a phone photo stored landscape with an EXIF orientation its upright size', async () => {
    const project = await createProject();
    const rotated = await sharp({ create: { width: 80, height: 40, channels: 3, background: '#123456' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const image = await upload(project.id, rotated, { declared: 'image/jpeg' });
    expect([image.width, image.height]).toEqual([40, 80]);
    const thumbnail = await sharp(fs.readFileSync(filesOfImage(image).thumbnail)).metadata();
    expect([thumbnail.width, thumbnail.height]).toEqual([40, 80]);
  });

  it('decides the type by the bytes: a PNG named x.jpg with a data:image/jpeg prefix is stored as PNG', async () => {
    const project = await createProject();
    const bytes = await makeImage('png', 30, 20);
    const image = await upload(project.id, bytes, { name: 'x.jpg', declared: 'image/jpeg' });
    expect(image).toMatchObject({ name: 'x.jpg', mimeType: 'image/png', width: 30, height: 20 });
    expect(filesOf(project.id)).toEqual([`${image.id}.png`, `${image.id}.thumb.webp`].sort());
    const file = await fetchFile(`/api/image-files/${image.id}`, member.token);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.bytes.equals(bytes)).toBe(true);
  });

  it('stores the name only as a name: a path in it never reaches the file system', async () => {
    const project = await createProject();
    const image = await upload(project.id, await makeImage('png'), { name: '../../secrets.json' });
    expect(image.name).toBe('../../secrets.json');
    expect(filesOf(project.id)).toEqual([`${image.id}.png`, `${image.id}.thumb.webp`].sort());
  });

  it('refuses a text file renamed to foto.png with 400 and stores nothing', async () => {
    const project = await createProject();
    await upload(project.id, await makeImage('png'));
    const before = await stored(project.id);
    const text = Buffer.from('Das ist kein Bild, sondern eine Einkaufsliste.\n', 'utf8');
    const response = await api('POST', '/api/images', member.token, {
      projectId: project.id,
      name: 'foto.png',
      dataUrl: `data:image/png;base64,${text.toString('base64')}`,
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ message: MSG.wrongType, code: 'validation' });
    expect(await stored(project.id)).toEqual(before);
  });

  it('refuses images of other formats (TIFF, AVIF, SVG) even under an image/png prefix, storing nothing', async () => {
    const project = await createProject();
    await upload(project.id, await makeImage('png'));
    const before = await stored(project.id);
    const solid = () => sharp({ create: { width: 16, height: 16, channels: 3, background: '#27ae60' } });
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16"><rect width="16" height="16"/></svg>',
    );
    for (const [label, bytes, declared] of [
      ['tiff', await solid().tiff().toBuffer(), 'image/png'],
      ['avif', await solid().avif().toBuffer(), 'image/png'],
      ['svg', svg, 'image/svg+xml'],
      ['svg', svg, 'image/png'],
    ] as const) {
      const response = await api('POST', '/api/images', member.token, {
        projectId: project.id,
        name: `bild.${label}`,
        dataUrl: dataUrl(bytes, declared),
      });
      expect([label, declared, response.status, response.body.message]).toEqual([label, declared, 400, MSG.wrongType]);
    }
    expect(await stored(project.id)).toEqual(before);
  });

  it('refuses 5 MB + 1 byte that start like a PNG with 400 and stores nothing', async () => {
    const project = await createProject();
    const before = await stored(project.id);
    const bytes = Buffer.alloc(MAX_BYTES + 1);
    PNG_SIGNATURE.copy(bytes);
    const response = await api('POST', '/api/images', member.token, {
      projectId: project.id,
      name: 'gross.png',
      dataUrl: dataUrl(bytes),
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ message: MSG.tooLarge, code: 'validation' });
    expect(await stored(project.id)).toEqual(before);
    expect(before.files).toEqual([]);
  });

  it('takes a real PNG of exactly 5 MB', async () => {
    const project = await createProject();
    const bytes = await pngOfExactSize(MAX_BYTES);
    const image = await upload(project.id, bytes, { name: 'genau-5-mb.png' });
    expect(image).toMatchObject({ mimeType: 'image/png', width: 1200, height: 1400 });
    expect(fs.statSync(filesOfImage(image).full).size).toBe(image.size);
    const thumbnail = await sharp(fs.readFileSync(filesOfImage(image).thumbnail)).metadata();
    expect([thumbnail.format, Math.max(thumbnail.width, thumbnail.height)]).toEqual(['webp', 320]);
  });

  it('does not refuse exactly 5 MB for its size even when the bytes are no image', async () => {
    const project = await createProject();
    const bytes = Buffer.alloc(MAX_BYTES);
    PNG_SIGNATURE.copy(bytes);
    const response = await api('POST', '/api/images', member.token, {
      projectId: project.id,
      name: 'fast-gross.png',
      dataUrl: dataUrl(bytes),
    });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(MSG.unreadable);
    expect(await stored(project.id)).toEqual({ images: [], files: [] });
  });

  it.each([
    ['a PNG signature followed by garbage', Buffer.concat([PNG_SIGNATURE, crypto.randomBytes(400)])],
    [
      'a JPEG signature followed by garbage',
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), crypto.randomBytes(400)]),
    ],
    ['a truncated GIF', Buffer.from('GIF89a\x01\x00', 'latin1')],
  ])('answers 400 "Datei konnte nicht gelesen werden." for %s and stores nothing', async (_case, bytes) => {
    const project = await createProject();
    await upload(project.id, await makeImage('gif'), { name: 'vorher.gif', declared: 'image/gif' });
    const before = await stored(project.id);
    const response = await api('POST', '/api/images', member.token, {
      projectId: project.id,
      name: 'kaputt.png',
      dataUrl: dataUrl(bytes),
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ message: MSG.unreadable, code: 'validation' });
    expect(await stored(project.id)).toEqual(before);
  });

  it('answers 400 "Datei konnte nicht gelesen werden." for a PNG whose bytes were cut off', async () => {
    const project = await createProject();
    const bytes = await makeImage('png', 200, 200);
    const response = await api('POST', '/api/images', member.token, {
      projectId: project.id,
      name: 'abgeschnitten.png',
      dataUrl: dataUrl(bytes.subarray(0, Math.floor(bytes.length / 2))),
    });
    expect([response.status, response.body.message]).toEqual([400, MSG.unreadable]);
    expect(await stored(project.id)).toEqual({ images: [], files: [] });
  });

  it('answers 400 "Datei konnte nicht gelesen werden." for data that is not base64 or no data URL', async () => {
    const project = await createProject();
    const png = (await makeImage('png')).toString('base64');
    for (const value of [
      'data:image/png;base64,@@@@',
      `data:image/png;base64,${png.slice(0, -1)}`,
      `data:image/png,${png}`,
      png,
    ]) {
      const response = await api('POST', '/api/images', member.token, {
        projectId: project.id,
        name: 'foto.png',
        dataUrl: value,
      });
      expect([value.slice(0, 30), response.status, response.body.message]).toEqual([
        value.slice(0, 30),
        400,
        MSG.unreadable,
      ]);
    }
    expect(await stored(project.id)).toEqual({ images: [], files: [] });
  });

  it('answers 400 for a missing name, missing data, a missing project and a too long name', async () => {
    const project = await createProject();
    const image = dataUrl(await makeImage('png'));
    const cases: [unknown, string][] = [
      [{ projectId: project.id, dataUrl: image }, MSG.nameRequired],
      [{ projectId: project.id, name: '   ', dataUrl: image }, MSG.nameRequired],
      [{ projectId: project.id, name: 'foto.png' }, MSG.dataRequired],
      [{ projectId: project.id, name: 'foto.png', dataUrl: '' }, MSG.dataRequired],
      [{ projectId: project.id, name: 'foto.png', dataUrl: 'data:image/png;base64,' }, MSG.dataRequired],
      [{ name: 'foto.png', dataUrl: image }, MSG.projectRequired],
      [{ projectId: 'kein-projekt', name: 'foto.png', dataUrl: image }, MSG.projectRequired],
      [{ projectId: project.id, name: `${'x'.repeat(197)}.png`, dataUrl: image }, MSG.nameTooLong],
    ];
    for (const [body, message] of cases) {
      const response = await api('POST', '/api/images', member.token, body);
      expect([response.status, response.body.message]).toEqual([400, message]);
    }
    expect(await stored(project.id)).toEqual({ images: [], files: [] });
  });

  it('answers 403 to a stranger and 404 for an unknown project, storing nothing', async () => {
    const project = await createProject();
    const image = dataUrl(await makeImage('png'));
    const refused = await api('POST', '/api/images', stranger.token, {
      projectId: project.id,
      name: 'fremd.png',
      dataUrl: image,
    });
    expect(refused.status).toBe(403);
    // docs/api.md names both texts for this case: the images' own and the general access text.
    expect(refused.body.message).toBe(MSG.accessForbidden);
    expect(await stored(project.id)).toEqual({ images: [], files: [] });

    const unknownId = newId();
    const unknown = await api('POST', '/api/images', member.token, {
      projectId: unknownId,
      name: 'nirgends.png',
      dataUrl: image,
    });
    expect([unknown.status, unknown.body.message]).toEqual([404, MSG.projectNotFound]);
    expect(fs.existsSync(projectImageDir(unknownId))).toBe(false);
  });

  it('lets the owner and a Helfer on the team upload too', async () => {
    const project = await createProject();
    const byOwner = await upload(project.id, await makeImage('png'), { who: owner });
    const byHelfer = await upload(project.id, await makeImage('webp'), { who: helfer, declared: 'image/webp' });
    expect(byOwner).toMatchObject({ uploadedBy: owner.id, uploadedByUsername: owner.username });
    expect(byHelfer).toMatchObject({ uploadedBy: helfer.id, uploadedByUsername: helfer.username });
  });

  it('answers 403 on completed and archived projects and stores nothing', async () => {
    for (const [label, finish] of [
      ['completed', (id: string) => api('POST', `/api/projects/${id}/complete`, owner.token)],
      ['archived', (id: string) => api('DELETE', `/api/projects/${id}`, owner.token)],
    ] as const) {
      const project = await createProject();
      await upload(project.id, await makeImage('png'));
      expect((await finish(project.id)).status).toBe(200);
      const before = await stored(project.id);
      for (const who of [member, owner]) {
        const response = await api('POST', '/api/images', who.token, {
          projectId: project.id,
          name: 'spaet.png',
          dataUrl: dataUrl(await makeImage('png')),
        });
        expect([label, response.status, response.body.message, response.body.code]).toEqual([
          label,
          403,
          MSG.readOnly,
          'forbidden',
        ]);
      }
      expect(await stored(project.id)).toEqual(before);
    }
  });
});

/** A WebP (lossless, VP8L) whose header declares width x height; the pixel data is padding (RIFF chunks are even). */
function webpDeclaring(width: number, height: number, paddingBytes = 10_001): Buffer {
  const bits = (width - 1) | ((height - 1) << 14); // 14 bits each; alpha and version bits 0
  const header = Buffer.alloc(5);
  header[0] = 0x2f;
  header.writeUInt32LE(bits >>> 0, 1);
  const chunk = Buffer.concat([header, Buffer.alloc(paddingBytes)]);
  const vp8l = Buffer.concat([Buffer.from('VP8L'), Buffer.alloc(4), chunk]);
  vp8l.writeUInt32LE(chunk.length, 4);
  const riff = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBP'), vp8l]);
  riff.writeUInt32LE(riff.length - 8, 4);
  return riff;
}

describe('pixel floods and metadata (issue 13, finding 11)', () => {
  it('refuses a 10 KB WebP that declares 16383x16383 pixels before decoding it, storing nothing', async () => {
    const flood = webpDeclaring(16383, 16383);
    expect(flood.length).toBeLessThan(11_000);
    expect(await sharp(flood).metadata()).toMatchObject({ format: 'webp', width: 16383, height: 16383 });
    const project = await createProject();
    const response = await api('POST', '/api/images', member.token, {
      projectId: project.id,
      name: 'flut.webp',
      dataUrl: dataUrl(flood, 'image/webp'),
    });
    expect([response.status, response.body.message]).toEqual([
      400,
      'Das Bild hat zu viele Bildpunkte (höchstens 50 Megapixel).',
    ]);
    expect(await stored(project.id)).toEqual({ images: [], files: [] });
  });

  it('stores a large photo re-encoded at most 4096 px wide', async () => {
    const project = await createProject();
    const big = await sharp({ create: { width: 5000, height: 2500, channels: 3, background: '#406080' } })
      .jpeg()
      .toBuffer();
    const image = await upload(project.id, big, { declared: 'image/jpeg' });
    expect([image.width, image.height]).toEqual([4096, 2048]);
    const storedMeta = await sharp(fs.readFileSync(filesOfImage(image).full)).metadata();
    expect([storedMeta.format, storedMeta.width, storedMeta.height]).toEqual(['jpeg', 4096, 2048]);
  });

  it('stores a JPEG with GPS in its EXIF without any EXIF: read back, no position is left', async () => {
    const project = await createProject();
    const withGps = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#aa3300' } })
      .jpeg()
      .withExif({
        IFD0: { Make: 'Werkboard-Test', Model: 'Baustellenhandy' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '48/1 8/1 3000/100',
          GPSLongitudeRef: 'E',
          GPSLongitude: '11/1 34/1 0/1',
        },
      })
      .toBuffer();
    const uploaded = await sharp(withGps).metadata();
    expect(uploaded.exif?.includes('GPS') || uploaded.exif?.includes('Baustellenhandy')).toBe(true);
    const image = await upload(project.id, withGps, { declared: 'image/jpeg' });
    const files = filesOfImage(image);
    const served = await fetchFile(`/api/image-files/${image.id}`, owner.token);
    for (const bytes of [fs.readFileSync(files.full), served.bytes, fs.readFileSync(files.thumbnail)]) {
      const meta = await sharp(bytes).metadata();
      expect([meta.exif, meta.xmp]).toEqual([undefined, undefined]);
      expect(bytes.includes('Exif\0\0')).toBe(false);
      expect(bytes.includes('Baustellenhandy')).toBe(false);
    }
  });
});

describe('GET /api/images/{projectId}', () => {
  it('lists the images oldest first to the team, Admin and Firmenleiter', async () => {
    const project = await createProject();
    const first = await upload(project.id, await makeImage('png'), { name: 'erstes.png' });
    const second = await upload(project.id, await makeImage('jpeg'), { name: 'zweites.jpg', declared: 'image/jpeg' });
    const third = await upload(project.id, await makeImage('gif'), { name: 'drittes.gif', who: owner });
    const other = await createProject();
    await upload(other.id, await makeImage('png'));
    for (const who of [owner, member, helfer, admin, firmenleiter]) {
      const response = await api<ImageDto[]>('GET', `/api/images/${project.id}`, who.token);
      expect([who.username, response.status, response.body]).toEqual([who.username, 200, [first, second, third]]);
    }
    expect(await listImages((await createProject()).id)).toEqual([]);
  });

  it('answers 403 to a stranger and 404 for an unknown or malformed project id', async () => {
    const project = await createProject();
    await upload(project.id, await makeImage('png'));
    const refused = await api('GET', `/api/images/${project.id}`, stranger.token);
    expect([refused.status, refused.body.message]).toEqual([403, MSG.accessForbidden]);
    for (const id of [newId(), 'kein-projekt']) {
      const response = await api('GET', `/api/images/${id}`, owner.token);
      expect([id, response.status, response.body.message]).toEqual([id, 404, MSG.projectNotFound]);
    }
  });

  it('still lists and serves the images of a completed project', async () => {
    const project = await createProject();
    const image = await upload(project.id, await makeImage('png'));
    expect((await api('POST', `/api/projects/${project.id}/complete`, owner.token)).status).toBe(200);
    expect(await listImages(project.id, member)).toEqual([image]);
    expect((await fetchFile(`/api/image-files/${image.id}`, member.token)).status).toBe(200);
  });
});

describe('GET /api/image-files/{id} and /thumbnail', () => {
  it('serves the bytes to Admin and Firmenleiter outside the team, also for an id in upper case', async () => {
    const project = await createProject();
    const bytes = await makeImage('jpeg', 50, 40);
    const image = await upload(project.id, bytes, { declared: 'image/jpeg' });
    for (const who of [admin, firmenleiter]) {
      const full = await fetchFile(`/api/image-files/${image.id.toUpperCase()}`, who.token);
      expect([who.username, full.status, full.headers.get('content-type')]).toEqual([who.username, 200, 'image/jpeg']);
      expect(full.bytes.equals(fs.readFileSync(filesOfImage(image).full))).toBe(true);
      const thumbnail = await fetchFile(`/api/image-files/${image.id}/thumbnail`, who.token);
      expect([thumbnail.status, thumbnail.headers.get('content-type')]).toEqual([200, 'image/webp']);
    }
  });

  it('sends the files as attachments under a generated name, never the uploaded one (ASVS 5.4.1)', async () => {
    const project = await createProject();
    const image = await upload(project.id, await makeImage('png'), { name: 'Küche "alt"; filename=x.html' });
    const full = await fetchFile(`/api/image-files/${image.id}`, owner.token);
    expect(full.headers.get('content-disposition')).toBe(`attachment; filename="${image.id}.png"`);
    const thumbnail = await fetchFile(`/api/image-files/${image.id}/thumbnail`, owner.token);
    expect(thumbnail.headers.get('content-disposition')).toBe(`attachment; filename="${image.id}.thumb.webp"`);
    // koa's attachment() must not have changed the type to one guessed from the name.
    expect(thumbnail.headers.get('content-type')).toBe('image/webp');
  });

  it('answers 403 to a stranger on the file and the thumbnail', async () => {
    const project = await createProject();
    const image = await upload(project.id, await makeImage('png'));
    for (const suffix of ['', '/thumbnail']) {
      const response = await fetchFile(`/api/image-files/${image.id}${suffix}`, stranger.token);
      expect([suffix, response.status, response.body.message]).toEqual([suffix, 403, MSG.accessForbidden]);
      expect(response.headers.get('content-type')).toContain('application/json');
    }
  });

  it('answers 404 "Das Bild wurde nicht gefunden." for unknown and malformed ids', async () => {
    for (const id of [newId(), 'kein-bild']) {
      for (const suffix of ['', '/thumbnail']) {
        const response = await fetchFile(`/api/image-files/${id}${suffix}`, owner.token);
        expect([id, suffix, response.status, response.body.message]).toEqual([id, suffix, 404, MSG.imageNotFound]);
      }
    }
  });
});

describe('DELETE /api/images/{id}', () => {
  it('lets a team member delete an image: the row and both files are gone, the others stay', async () => {
    const project = await createProject();
    const kept = await upload(project.id, await makeImage('png'), { name: 'bleibt.png' });
    const image = await upload(project.id, await makeImage('webp'), { name: 'weg.webp', declared: 'image/webp' });
    const files = filesOfImage(image);
    expect(fs.existsSync(files.full) && fs.existsSync(files.thumbnail)).toBe(true);
    const before = await read(project.id);

    const response = await api<MessageResponse>('DELETE', `/api/images/${image.id}`, member.token);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: MSG.deleted });
    expect(await listImages(project.id)).toEqual([kept]);
    expect(fs.existsSync(files.full)).toBe(false);
    expect(fs.existsSync(files.thumbnail)).toBe(false);
    expect(filesOf(project.id)).toEqual([`${kept.id}.png`, `${kept.id}.thumb.webp`].sort());
    // Not the thumbnail: the project itself did not change.
    expect((await read(project.id)).revision).toBe(before.revision);
    for (const suffix of ['', '/thumbnail']) {
      const gone = await fetchFile(`/api/image-files/${image.id}${suffix}`, owner.token);
      expect([gone.status, gone.body.message]).toEqual([404, MSG.imageNotFound]);
    }
    const again = await api('DELETE', `/api/images/${image.id}`, member.token);
    expect([again.status, again.body.message]).toEqual([404, MSG.imageNotFound]);
  });

  it('answers 403 to a stranger and on a completed project, keeping row and files', async () => {
    const project = await createProject();
    const image = await upload(project.id, await makeImage('png'));
    const before = await stored(project.id);
    const refused = await api('DELETE', `/api/images/${image.id}`, stranger.token);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(MSG.accessForbidden);
    expect(await stored(project.id)).toEqual(before);

    expect((await api('POST', `/api/projects/${project.id}/complete`, owner.token)).status).toBe(200);
    const readOnly = await api('DELETE', `/api/images/${image.id}`, member.token);
    expect([readOnly.status, readOnly.body.message]).toEqual([403, MSG.readOnly]);
    expect(await stored(project.id)).toEqual(before);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of [newId(), 'kein-bild']) {
      const response = await api('DELETE', `/api/images/${id}`, owner.token);
      expect([id, response.status, response.body.message]).toEqual([id, 404, MSG.imageNotFound]);
    }
  });
});

describe('the project’s thumbnailImageId', () => {
  it('is set with the merging PUT to an image of the project', async () => {
    const project = await createProject();
    const image = await upload(project.id, await makeImage('png'));
    const response = await putProject({ ...project, thumbnailImageId: image.id });
    expect(response.status).toBe(200);
    expect(response.body.thumbnailImageId).toBe(image.id);
    expect(response.body.revision).toBe(project.revision + 1);
    expect((await read(project.id, member)).thumbnailImageId).toBe(image.id);
    const summaries = await api<ProjectSummaryDto[]>('GET', '/api/projects', member.token);
    expect(summaries.body.find((summary) => summary.id === project.id)?.thumbnailImageId).toBe(image.id);
  });

  it('answers 400 "Das gewählte Vorschaubild gehört nicht zu diesem Projekt." for another project’s image or an unknown id', async () => {
    const project = await createProject();
    const own = await upload(project.id, await makeImage('png'));
    const other = await createProject();
    const foreign = await upload(other.id, await makeImage('png'));
    for (const thumbnailImageId of [foreign.id, newId()]) {
      const response = await putProject({ ...project, thumbnailImageId });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ message: MSG.thumbnailUnknown, code: 'validation' });
      const after = await read(project.id);
      expect([after.revision, after.thumbnailImageId]).toEqual([project.revision, null]);
    }
    // With a thumbnail set, a wrong one neither replaces it nor changes anything else.
    const set = await putProject({ ...project, thumbnailImageId: own.id });
    expect(set.status).toBe(200);
    const refused = await putProject({ ...withNewCard(set.body, 'Nicht gespeichert'), thumbnailImageId: foreign.id });
    expect([refused.status, refused.body.message]).toEqual([400, MSG.thumbnailUnknown]);
    const after = await read(project.id);
    expect([after.revision, after.thumbnailImageId]).toEqual([set.body.revision, own.id]);
    expect(after.columns.flatMap((column) => column.cards).map((card) => card.title)).not.toContain(
      'Nicht gespeichert',
    );
    expect((await read(other.id)).thumbnailImageId).toBeNull();
  });

  it('becomes null with a new revision when its image is deleted', async () => {
    const project = await createProject();
    const image = await upload(project.id, await makeImage('png'));
    const set = await putProject({ ...project, thumbnailImageId: image.id });
    expect(set.status).toBe(200);
    expect((await api('DELETE', `/api/images/${image.id}`, member.token)).status).toBe(200);
    const after = await read(project.id);
    expect(after.thumbnailImageId).toBeNull();
    expect(after.revision).toBe(set.body.revision + 1);
    const summaries = await api<ProjectSummaryDto[]>('GET', '/api/projects', owner.token);
    expect(summaries.body.find((summary) => summary.id === project.id)?.thumbnailImageId).toBeNull();
  });

  it('stays null after a stale PUT read before its image was deleted, and the stale copy’s card is saved', async () => {
    const project = await createProject();
    const image = await upload(project.id, await makeImage('png'));
    const set = await putProject({ ...project, thumbnailImageId: image.id });
    expect(set.status).toBe(200);
    const stale = await read(project.id, member);
    expect(stale.thumbnailImageId).toBe(image.id);
    expect((await api('DELETE', `/api/images/${image.id}`, owner.token)).status).toBe(200);

    const response = await putProject(withNewCard(stale, 'Nach dem Löschen'), member);
    expect(response.status).toBe(200);
    expect(response.body.thumbnailImageId).toBeNull();
    expect(response.body.revision).toBe(stale.revision + 2);
    const after = await read(project.id);
    expect(after.thumbnailImageId).toBeNull();
    expect(after.columns.flatMap((column) => column.cards).map((card) => card.title)).toContain('Nach dem Löschen');
  });
});

describe('deleting a project permanently', () => {
  it('removes its image directory with every file, and only its own', async () => {
    const project = await createProject();
    const first = await upload(project.id, await makeImage('png'));
    const second = await upload(project.id, await makeImage('jpeg'), { declared: 'image/jpeg' });
    const other = await createProject();
    const survivor = await upload(other.id, await makeImage('png'));
    expect(filesOf(project.id)).toHaveLength(4);

    const notArchived = await api('DELETE', `/api/projects/${project.id}/permanent`, admin.token);
    expect([notArchived.status, notArchived.body.message]).toEqual([400, MSG.permanentOnlyArchived]);
    expect(filesOf(project.id)).toHaveLength(4);

    const archived = await api<MessageResponse>('DELETE', `/api/projects/${project.id}`, admin.token);
    expect([archived.status, archived.body.message]).toEqual([200, MSG.archived]);
    // Archiving keeps the files (the project can be restored).
    expect(filesOf(project.id)).toHaveLength(4);
    expect(await listImages(project.id, admin)).toEqual([first, second]);

    const deleted = await api<MessageResponse>('DELETE', `/api/projects/${project.id}/permanent`, admin.token);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: MSG.deletedPermanently });
    expect(fs.existsSync(projectImageDir(project.id))).toBe(false);
    for (const image of [first, second]) {
      const gone = await fetchFile(`/api/image-files/${image.id}`, admin.token);
      expect([gone.status, gone.body.message]).toEqual([404, MSG.imageNotFound]);
    }
    expect(filesOf(other.id)).toEqual([`${survivor.id}.png`, `${survivor.id}.thumb.webp`].sort());
    expect(await listImages(other.id)).toEqual([survivor]);
  });
});
