import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NoSuchKey,
  NotFound,
  paginateListObjectsV2,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { assertSafeKey, type BlobStore } from './blob-store.ts';

export interface S3Settings {
  bucket: string;
  region?: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
}

const isMissing = (error: unknown) =>
  error instanceof NoSuchKey || error instanceof NotFound || (error as { name?: string })?.name === 'NotFound';

/** Blobs in an S3 bucket (AWS or any S3-compatible server, path-style when an endpoint is given). */
export function s3BlobStore(settings: S3Settings): BlobStore {
  const client = new S3Client({
    region: settings.region ?? 'us-east-1',
    endpoint: settings.endpoint,
    forcePathStyle: Boolean(settings.endpoint),
    // Checksums only where S3 asks for them: a streamed body would otherwise go as
    // aws-chunked with a trailer, which many S3-compatible servers store as it came.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
  });
  const Bucket = settings.bucket;

  return {
    kind: 's3',

    async put(key, data, contentType) {
      assertSafeKey(key);
      // S3 acknowledges a PUT only once the object is stored durably.
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: data, ContentType: contentType }));
    },

    async putFile(key, file, contentType) {
      assertSafeKey(key);
      // A stream with its length is sent as it is read; S3 keeps nothing of a PUT that fails.
      const { size } = await stat(file);
      await client.send(
        new PutObjectCommand({ Bucket, Key: key, Body: createReadStream(file), ContentLength: size, ContentType: contentType }),
      );
    },

    async get(key, range) {
      assertSafeKey(key);
      try {
        const size = range ? await this.size(key) : null;
        const object = await client.send(
          new GetObjectCommand({ Bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
        );
        return {
          body: object.Body as Readable,
          size: size ?? object.ContentLength ?? 0,
          contentType: object.ContentType ?? 'application/octet-stream',
        };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async size(key) {
      assertSafeKey(key);
      try {
        return (await client.send(new HeadObjectCommand({ Bucket, Key: key }))).ContentLength ?? 0;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async delete(key) {
      assertSafeKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },

    async *list(prefix) {
      if (prefix) assertSafeKey(prefix);
      for await (const page of paginateListObjectsV2({ client }, { Bucket, Prefix: prefix })) {
        for (const object of page.Contents ?? []) {
          if (object.Key) yield { key: object.Key, size: object.Size ?? 0, lastModified: object.LastModified ?? new Date() };
        }
      }
    },
  };
}
