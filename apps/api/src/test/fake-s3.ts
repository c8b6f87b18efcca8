import { createHash, createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeS3 {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Stored objects by key (without the bucket). */
  objects: Map<string, { body: Buffer; contentType: string }>;
  /** Multipart uploads begun and neither completed nor aborted, by upload id. */
  multipartUploads: Map<string, { key: string; parts: Map<number, Buffer> }>;
  /** Requests refused for a bad signature. */
  refused: number;
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const xml = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>${body}`;
const xmlError = (code: string) => xml(`<Error><Code>${code}</Code></Error>`);
const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const unescapeXml = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
const etagOf = (bytes: Buffer) => `"${createHash('md5').update(bytes).digest('hex')}"`;
const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding, as SigV4 canonicalises query names and values. */
const encodeRfc3986 = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * A local stand-in for an S3-compatible service, for tests, path-style in one bucket: object PUT,
 * HEAD, GET (whole or one byte range) and DELETE, batch delete (POST ?delete), and the multipart
 * upload API the tus S3 store uses (create, upload part, list parts, complete, abort). Each
 * request's AWS Signature Version 4 is recomputed from the headers it names and checked (403
 * SignatureDoesNotMatch otherwise), and the payload hash checked too. Like many S3-compatible
 * stores, it does not take `aws-chunked` bodies (the AWS SDK's streamed uploads with a trailing
 * checksum): 501 NotImplemented, so a client that sends them is caught here.
 */
export async function startFakeS3(): Promise<FakeS3> {
  const fake = {
    bucket: 'uploads-test',
    region: 'eu-west-2',
    accessKeyId: 'AKIDTEST',
    secretAccessKey: 'fake-secret-key-for-tests',
    objects: new Map<string, { body: Buffer; contentType: string }>(),
    multipartUploads: new Map<string, { key: string; parts: Map<number, Buffer> }>(),
    refused: 0,
  };
  // x-amz-meta-* of each object, returned by GET and HEAD (the tus store keeps its upload id there).
  const metadata = new Map<string, Record<string, string>>();

  /** Whether the request's signature is the one its headers, query and payload hash make. */
  function signatureMatches(request: IncomingMessage, url: URL, payloadHash: string): boolean {
    const authorization = request.headers.authorization ?? '';
    const match =
      /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(
        authorization,
      );
    if (!match) return false;
    const [, keyId, day, region, signedList, signature] = match as unknown as string[];
    if (keyId !== fake.accessKeyId || region !== fake.region || !signedList || !day) return false;
    const signed = signedList.split(';');
    const canonicalHeaders = signed
      .map((name) => {
        const value = request.headers[name];
        const text = Array.isArray(value) ? value.join(',') : (value ?? '');
        return `${name}:${text.trim().replace(/\s+/g, ' ')}\n`;
      })
      .join('');
    const rawPath = (request.url ?? '/').split('?')[0] ?? '/';
    const query = [...url.searchParams]
      .map(([name, value]) => [encodeRfc3986(name), encodeRfc3986(value)] as const)
      .sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1))
      .map(([name, value]) => `${name}=${value}`)
      .join('&');
    const canonical = [request.method, rawPath, query, canonicalHeaders, signedList, payloadHash].join('\n');
    const datetime = String(request.headers['x-amz-date'] ?? '');
    const scope = `${day}/${region}/s3/aws4_request`;
    const toSign = ['AWS4-HMAC-SHA256', datetime, scope, sha256Hex(canonical)].join('\n');
    const key = hmac(hmac(hmac(hmac(`AWS4${fake.secretAccessKey}`, day), region), 's3'), 'aws4_request');
    return createHmac('sha256', key).update(toSign).digest('hex') === signature;
  }

  const send = (response: ServerResponse, status: number, body?: string) =>
    body === undefined
      ? response.writeHead(status).end()
      : response.writeHead(status, { 'content-type': 'application/xml' }).end(body);

  function handle(
    request: IncomingMessage,
    response: ServerResponse,
    url: URL,
    key: string,
    body: Buffer,
  ): void {
    const method = request.method;
    const q = url.searchParams;
    const uploadId = q.get('uploadId');
    const upload = uploadId === null ? undefined : fake.multipartUploads.get(uploadId);
    if (uploadId !== null && (!upload || upload.key !== key)) {
      send(response, 404, xmlError('NoSuchUpload'));
      return;
    }
    if (method === 'POST' && q.has('delete')) {
      const keys = [...body.toString('utf8').matchAll(/<Key>([^<]*)<\/Key>/g)].map((m) =>
        unescapeXml(m[1] ?? ''),
      );
      for (const k of keys) {
        fake.objects.delete(k);
        metadata.delete(k);
      }
      const deleted = keys.map((k) => `<Deleted><Key>${escapeXml(k)}</Key></Deleted>`).join('');
      send(response, 200, xml(`<DeleteResult>${deleted}</DeleteResult>`));
      return;
    }
    if (!key) {
      send(response, 404, xmlError('NoSuchKey'));
      return;
    }
    const names = `<Bucket>${fake.bucket}</Bucket><Key>${escapeXml(key)}</Key>`;
    if (method === 'POST' && q.has('uploads')) {
      const id = randomUUID();
      fake.multipartUploads.set(id, { key, parts: new Map() });
      send(
        response,
        200,
        xml(
          `<InitiateMultipartUploadResult>${names}<UploadId>${id}</UploadId></InitiateMultipartUploadResult>`,
        ),
      );
    } else if (method === 'PUT' && upload) {
      const partNumber = Number(q.get('partNumber'));
      upload.parts.set(partNumber, body);
      response.writeHead(200, { etag: etagOf(body) }).end();
    } else if (method === 'GET' && upload && uploadId) {
      const parts = [...upload.parts]
        .sort(([a], [b]) => a - b)
        .map(
          ([n, bytes]) =>
            `<Part><PartNumber>${n}</PartNumber><ETag>${escapeXml(etagOf(bytes))}</ETag><Size>${bytes.length}</Size></Part>`,
        )
        .join('');
      send(
        response,
        200,
        xml(
          `<ListPartsResult>${names}<UploadId>${uploadId}</UploadId><IsTruncated>false</IsTruncated>${parts}</ListPartsResult>`,
        ),
      );
    } else if (method === 'POST' && upload && uploadId) {
      const listed = [...body.toString('utf8').matchAll(/<PartNumber>(\d+)<\/PartNumber>/g)].map((m) =>
        Number(m[1]),
      );
      const chosen = listed.map((n) => upload.parts.get(n));
      if (listed.length === 0 || chosen.some((part) => part === undefined)) {
        send(response, 400, xmlError('InvalidPart'));
        return;
      }
      const whole = Buffer.concat(chosen as Buffer[]);
      fake.objects.set(key, { body: whole, contentType: 'application/octet-stream' });
      fake.multipartUploads.delete(uploadId);
      send(
        response,
        200,
        xml(
          `<CompleteMultipartUploadResult><Location>${escapeXml(url.toString())}</Location>${names}<ETag>${escapeXml(etagOf(whole))}</ETag></CompleteMultipartUploadResult>`,
        ),
      );
    } else if (method === 'DELETE' && uploadId) {
      fake.multipartUploads.delete(uploadId);
      send(response, 204);
    } else if (method === 'PUT') {
      fake.objects.set(key, { body, contentType: String(request.headers['content-type'] ?? '') });
      const meta: Record<string, string> = {};
      for (const [name, value] of Object.entries(request.headers)) {
        if (name.startsWith('x-amz-meta-') && typeof value === 'string') meta[name] = value;
      }
      metadata.set(key, meta);
      response.writeHead(200, { etag: etagOf(body) }).end();
    } else if (method === 'GET' || method === 'HEAD') {
      const object = fake.objects.get(key);
      if (!object) {
        if (method === 'HEAD') send(response, 404);
        else send(response, 404, xmlError('NoSuchKey'));
        return;
      }
      const headers = { 'content-type': object.contentType, etag: etagOf(object.body), ...metadata.get(key) };
      // One range (what a resumed download asks for): 206 with those bytes.
      const range = /^bytes=(\d+)-(\d+)$/.exec(String(request.headers.range ?? ''));
      if (method === 'GET' && range) {
        const [start, end] = [Number(range[1]), Math.min(Number(range[2]), object.body.length - 1)];
        response
          .writeHead(206, { ...headers, 'content-range': `bytes ${start}-${end}/${object.body.length}` })
          .end(object.body.subarray(start, end + 1));
      } else if (method === 'HEAD') {
        response.writeHead(200, { ...headers, 'content-length': String(object.body.length) }).end();
      } else response.writeHead(200, headers).end(object.body);
    } else if (method === 'DELETE') {
      fake.objects.delete(key);
      metadata.delete(key);
      send(response, 204);
    } else {
      send(response, 405);
    }
  }

  const server = createServer(async (request, response) => {
    const body = await readBody(request);
    const url = new URL(request.url ?? '/', `http://${request.headers.host}`);
    const hashHeader = request.headers['x-amz-content-sha256'];
    if (typeof hashHeader === 'string' && hashHeader.startsWith('STREAMING-')) {
      send(response, 501, xmlError('NotImplemented'));
      return;
    }
    const payloadHash = typeof hashHeader === 'string' ? hashHeader : sha256Hex(body);
    if (
      !signatureMatches(request, url, payloadHash) ||
      (hashHeader !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256Hex(body))
    ) {
      fake.refused += 1;
      send(response, 403, xmlError('SignatureDoesNotMatch'));
      return;
    }
    const [, bucket, ...rest] = url.pathname.split('/');
    if (bucket !== fake.bucket) {
      send(response, 404, xmlError('NoSuchBucket'));
      return;
    }
    handle(request, response, url, rest.map(decodeURIComponent).join('/'), body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    ...fake,
    get objects() {
      return fake.objects;
    },
    get multipartUploads() {
      return fake.multipartUploads;
    },
    get refused() {
      return fake.refused;
    },
    endpoint: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
