import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AwsV4Signer } from 'aws4fetch';

export interface FakeS3 {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Stored objects by key (without the bucket). */
  objects: Map<string, { body: Buffer; contentType: string }>;
  /** Requests refused for a bad signature. */
  refused: number;
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const xmlError = (code: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code></Error>`;

/**
 * A local stand-in for an S3-compatible service, for tests: path-style object PUT, GET (whole or
 * one byte range) and DELETE in one bucket, each request's AWS Signature Version 4 recomputed from the headers it
 * names and checked (403 SignatureDoesNotMatch otherwise), and the payload hash checked too.
 */
export async function startFakeS3(): Promise<FakeS3> {
  const fake = {
    bucket: 'uploads-test',
    region: 'eu-west-2',
    accessKeyId: 'AKIDTEST',
    secretAccessKey: 'fake-secret-key-for-tests',
    objects: new Map<string, { body: Buffer; contentType: string }>(),
    refused: 0,
  };
  const server = createServer(async (request, response) => {
    const body = await readBody(request);
    const url = new URL(request.url ?? '/', `http://${request.headers.host}`);
    const authorization = request.headers.authorization ?? '';
    const signed = /SignedHeaders=([^,]+)/.exec(authorization)?.[1]?.split(';') ?? [];
    const headers = new Headers();
    for (const name of signed) {
      const value = request.headers[name];
      if (typeof value === 'string') headers.set(name, value);
    }
    const expected = await new AwsV4Signer({
      method: request.method,
      url: url.toString(),
      headers,
      body: body.length > 0 ? new Uint8Array(body) : undefined,
      accessKeyId: fake.accessKeyId,
      secretAccessKey: fake.secretAccessKey,
      service: 's3',
      region: fake.region,
      datetime: String(request.headers['x-amz-date'] ?? ''),
    }).sign();
    const payloadHash = createHash('sha256').update(body).digest('hex');
    const hashHeader = request.headers['x-amz-content-sha256'];
    if (
      expected.headers.get('authorization') !== authorization ||
      (hashHeader !== undefined && hashHeader !== 'UNSIGNED-PAYLOAD' && hashHeader !== payloadHash)
    ) {
      fake.refused += 1;
      response.writeHead(403, { 'content-type': 'application/xml' }).end(xmlError('SignatureDoesNotMatch'));
      return;
    }
    const [, bucket, ...rest] = url.pathname.split('/');
    const key = rest.map(decodeURIComponent).join('/');
    if (bucket !== fake.bucket || !key) {
      response.writeHead(404, { 'content-type': 'application/xml' }).end(xmlError('NoSuchBucket'));
      return;
    }
    if (request.method === 'PUT') {
      fake.objects.set(key, { body, contentType: String(request.headers['content-type'] ?? '') });
      response.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"` }).end();
    } else if (request.method === 'GET') {
      const object = fake.objects.get(key);
      if (!object) response.writeHead(404, { 'content-type': 'application/xml' }).end(xmlError('NoSuchKey'));
      else {
        // One range (what a resumed download asks for): 206 with those bytes.
        const range = /^bytes=(\d+)-(\d+)$/.exec(String(request.headers.range ?? ''));
        if (range) {
          const [start, end] = [Number(range[1]), Math.min(Number(range[2]), object.body.length - 1)];
          response
            .writeHead(206, {
              'content-type': object.contentType,
              'content-range': `bytes ${start}-${end}/${object.body.length}`,
            })
            .end(object.body.subarray(start, end + 1));
        } else response.writeHead(200, { 'content-type': object.contentType }).end(object.body);
      }
    } else if (request.method === 'DELETE') {
      fake.objects.delete(key);
      response.writeHead(204).end();
    } else {
      response.writeHead(405).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    ...fake,
    get objects() {
      return fake.objects;
    },
    get refused() {
      return fake.refused;
    },
    endpoint: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
