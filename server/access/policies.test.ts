import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { users } from '../db/schema.ts';
import { type Actor, anonymous, signedIn } from './actor.ts';
import { authorize, can, type ResourceRows } from './policies.ts';
import { pathResource } from './path-resource.ts';
import { recordRoutes, type RouteEntry } from './route-table.ts';

const user = (id: string) => ({ id }) as typeof users.$inferSelect;
const owner = signedIn(user('owner'));
const stranger = signedIn(user('stranger'));
const coAuthor = (storyId: number, keyHash: string | null = 'browser-key'): Actor => ({
  kind: 'coAuthor',
  tokenId: 7,
  storyId,
  contributorKeyHash: keyHash,
});

const story = { id: 1, userId: 'owner' } as ResourceRows['story'];
const ownersRecording = { id: 10, userId: 'owner', storyId: 1, coAuthorTokenId: null, contributorKeyHash: null } as ResourceRows['recording'];
const contribution = { id: 11, userId: 'owner', storyId: 1, coAuthorTokenId: 7, contributorKeyHash: 'browser-key' } as ResourceRows['recording'];

describe('stories', () => {
  it.each([
    ['owner', owner, { read: true, addRecording: true, update: true, delete: true }],
    ['another user', stranger, { read: false, addRecording: false, update: false, delete: false }],
    ["the story's co-author", coAuthor(1), { read: true, addRecording: true, update: false, delete: false }],
    ["another story's co-author", coAuthor(2), { read: false, addRecording: false, update: false, delete: false }],
    ['an anonymous reader', anonymous, { read: false, addRecording: false, update: false, delete: false }],
  ] as const)('%s', (_, actor, expected) => {
    for (const [action, allowed] of Object.entries(expected)) {
      expect(can(actor, action as keyof typeof expected, 'story', story), action).toBe(allowed);
    }
  });
});

describe('recordings', () => {
  it("are the owner's to read, change and delete", () => {
    for (const action of ['read', 'update', 'delete'] as const) {
      expect(can(owner, action, 'recording', ownersRecording)).toBe(true);
      expect(can(stranger, action, 'recording', ownersRecording)).toBe(false);
      expect(can(anonymous, action, 'recording', ownersRecording)).toBe(false);
    }
  });

  it('can be deleted by their contributor, from the browser that made them, and no other', () => {
    expect(can(coAuthor(1), 'delete', 'recording', contribution)).toBe(true);
    expect(can(coAuthor(1, 'another-browser'), 'delete', 'recording', contribution)).toBe(false);
    expect(can(coAuthor(1, null), 'delete', 'recording', contribution)).toBe(false);
    expect(can(coAuthor(1), 'delete', 'recording', ownersRecording)).toBe(false);
    expect(can(coAuthor(1), 'update', 'recording', contribution)).toBe(false);
  });
});

describe('photos', () => {
  const ownersPhoto = { id: 20, userId: 'owner', storyId: 1, coAuthorTokenId: null, contributorKeyHash: null } as ResourceRows['photo'];
  const relativesPhoto = { id: 21, userId: 'owner', storyId: 1, coAuthorTokenId: 7, contributorKeyHash: 'browser-key' } as ResourceRows['photo'];
  const personsPhoto = { id: 22, userId: 'owner', storyId: null, personId: 4, coAuthorTokenId: null, contributorKeyHash: null } as ResourceRows['photo'];

  it("are the owner's to read, change and delete, and nobody else's", () => {
    for (const action of ['read', 'update', 'delete'] as const) {
      expect(can(owner, action, 'photo', ownersPhoto)).toBe(true);
      expect(can(stranger, action, 'photo', ownersPhoto)).toBe(false);
      expect(can(anonymous, action, 'photo', ownersPhoto)).toBe(false);
      expect(can(coAuthor(2), action, 'photo', ownersPhoto)).toBe(false);
    }
  });

  it("let a story's link holder see the story's photos, change none, and delete only their own, from the browser that added it", () => {
    expect(can(coAuthor(1), 'read', 'photo', ownersPhoto)).toBe(true);
    expect(can(coAuthor(1), 'read', 'photo', personsPhoto)).toBe(false);
    expect(can(coAuthor(1), 'update', 'photo', relativesPhoto)).toBe(false);
    expect(can(coAuthor(1), 'delete', 'photo', relativesPhoto)).toBe(true);
    expect(can(coAuthor(1, 'another-browser'), 'delete', 'photo', relativesPhoto)).toBe(false);
    expect(can(coAuthor(1), 'delete', 'photo', ownersPhoto)).toBe(false);
  });
});

describe('a family reader', () => {
  const readerOf = (ownerId: string, storyIds: number[], more: Partial<Record<'chapterIds' | 'personIds' | 'placeIds', number[]>> = {}): Actor => ({
    kind: 'familyReader',
    memberId: 5,
    ownerId,
    name: 'Aino',
    shared: {
      storyIds: new Set(storyIds),
      chapterIds: new Set(more.chapterIds ?? []),
      personIds: new Set(more.personIds ?? []),
      placeIds: new Set(more.placeIds ?? []),
    },
  });
  const sharedStory = { id: 1, userId: 'owner' } as ResourceRows['story'];
  const unsharedStory = { id: 2, userId: 'owner' } as ResourceRows['story'];
  const reader = readerOf('owner', [1], { chapterIds: [8], personIds: [4], placeIds: [6] });

  it('reads and responds to the shared stories of its own circle, and changes nothing', () => {
    expect(can(reader, 'read', 'story', sharedStory)).toBe(true);
    expect(can(reader, 'respond', 'story', sharedStory)).toBe(true);
    for (const action of ['update', 'delete', 'addRecording'] as const) expect(can(reader, action, 'story', sharedStory), action).toBe(false);
    for (const action of ['read', 'respond'] as const) expect(can(reader, action, 'story', unsharedStory), action).toBe(false);
  });

  it("never reads another owner's rows, even with the same ids shared in its own circle", () => {
    const theirs = { id: 1, userId: 'stranger' } as ResourceRows['story'];
    expect(can(reader, 'read', 'story', theirs)).toBe(false);
    expect(can(reader, 'read', 'recording', { ...ownersRecording, userId: 'stranger' })).toBe(false);
    expect(can(reader, 'read', 'person', { id: 4, userId: 'stranger' } as ResourceRows['person'])).toBe(false);
  });

  it("hears a shared story's recordings and sees its photos, people, places and chapters; changes none", () => {
    expect(can(reader, 'read', 'recording', ownersRecording)).toBe(true);
    expect(can(reader, 'read', 'recording', { ...ownersRecording, storyId: 2 })).toBe(false);
    expect(can(reader, 'read', 'recording', { ...ownersRecording, storyId: null })).toBe(false);
    expect(can(reader, 'read', 'photo', { id: 20, userId: 'owner', storyId: 1 } as ResourceRows['photo'])).toBe(true);
    expect(can(reader, 'read', 'photo', { id: 22, userId: 'owner', storyId: null, personId: 4 } as ResourceRows['photo'])).toBe(false);
    expect(can(reader, 'read', 'person', { id: 4, userId: 'owner' } as ResourceRows['person'])).toBe(true);
    expect(can(reader, 'read', 'person', { id: 9, userId: 'owner' } as ResourceRows['person'])).toBe(false);
    expect(can(reader, 'read', 'place', { id: 6, userId: 'owner' } as ResourceRows['place'])).toBe(true);
    expect(can(reader, 'read', 'chapter', { id: 8, userId: 'owner' } as ResourceRows['chapter'])).toBe(true);
    expect(can(reader, 'read', 'chapter', { id: 9, userId: 'owner' } as ResourceRows['chapter'])).toBe(false);
    for (const action of ['update', 'delete'] as const) {
      expect(can(reader, action, 'recording', ownersRecording)).toBe(false);
      expect(can(reader, action, 'person', { id: 4, userId: 'owner' } as ResourceRows['person'])).toBe(false);
      expect(can(reader, action, 'chapter', { id: 8, userId: 'owner' } as ResourceRows['chapter'])).toBe(false);
    }
  });

  it('deletes only its own voice replies, in its own circle; never the owner\'s recordings or a co-author\'s', () => {
    const reply = (familyMemberId: number | null, userId = 'owner') => ({ ...ownersRecording, id: 12, userId, familyMemberId, contributorName: 'Aino' }) as ResourceRows['recording'];
    expect(can(reader, 'delete', 'recording', reply(5))).toBe(true);
    expect(can(reader, 'delete', 'recording', reply(6))).toBe(false);
    expect(can(reader, 'delete', 'recording', reply(null))).toBe(false);
    expect(can(reader, 'delete', 'recording', { ...contribution, familyMemberId: null })).toBe(false);
    expect(can(readerOf('stranger', [1]), 'delete', 'recording', reply(5))).toBe(false);
    expect(can(reader, 'update', 'recording', reply(5))).toBe(false);
    expect(can(owner, 'delete', 'recording', reply(5))).toBe(true);
  });

  it("deletes only its own comments; the circle and its questions are the owner's", () => {
    const comment = (memberId: number | null) => ({ id: 1, userId: 'owner', storyId: 1, memberId }) as ResourceRows['storyComment'];
    expect(can(reader, 'delete', 'storyComment', comment(5))).toBe(true);
    expect(can(reader, 'delete', 'storyComment', comment(6))).toBe(false);
    expect(can(reader, 'delete', 'storyComment', comment(null))).toBe(false);
    expect(can(owner, 'delete', 'storyComment', comment(5))).toBe(true);
    expect(can(readerOf('stranger', [1]), 'delete', 'storyComment', comment(5))).toBe(false);
    const member = { id: 5, userId: 'owner' } as ResourceRows['familyMember'];
    const question = { id: 3, userId: 'owner', memberId: 5 } as ResourceRows['familyQuestion'];
    for (const action of ['read', 'update', 'delete'] as const) {
      expect(can(owner, action, 'familyMember', member)).toBe(true);
      expect(can(reader, action, 'familyMember', member)).toBe(false);
      expect(can(stranger, action, 'familyMember', member)).toBe(false);
      expect(can(owner, action, 'familyQuestion', question)).toBe(true);
      expect(can(reader, action, 'familyQuestion', question)).toBe(false);
    }
  });
});

it('lets anyone read a published story', () => {
  const published = { id: 3, userId: 'owner', storyId: 1 } as ResourceRows['publishedStory'];
  for (const actor of [owner, stranger, coAuthor(2), anonymous]) expect(can(actor, 'read', 'publishedStory', published)).toBe(true);
});

it('lets only the owner unpublish a story, and see or revoke its co-author link', () => {
  const published = { id: 3, userId: 'owner', storyId: 1 } as ResourceRows['publishedStory'];
  const link = { id: 4, userId: 'owner', storyId: 1 } as ResourceRows['coAuthorToken'];
  expect(can(owner, 'delete', 'publishedStory', published)).toBe(true);
  expect(can(owner, 'delete', 'coAuthorToken', link)).toBe(true);
  for (const actor of [stranger, coAuthor(1), anonymous]) {
    expect(can(actor, 'delete', 'publishedStory', published)).toBe(false);
    expect(can(actor, 'read', 'coAuthorToken', link)).toBe(false);
    expect(can(actor, 'delete', 'coAuthorToken', link)).toBe(false);
  }
});

it('makes a refusal and a missing row the same 404', () => {
  expect(() => authorize(stranger, 'read', 'story', story)).toThrow(expect.objectContaining({ statusCode: 404, message: 'Story not found' }));
  expect(() => authorize(owner, 'read', 'story', undefined)).toThrow(expect.objectContaining({ statusCode: 404, message: 'Story not found' }));
  expect(authorize(owner, 'update', 'story', story).id).toBe(1);
});

describe('the route table', () => {
  it('refuses a signed-in route whose path parameter names no resource', async () => {
    const app = Fastify();
    const table: RouteEntry[] = [];
    const start = async () => {
      await app.register(async (scope) => {
        recordRoutes(scope, table, 'signedIn');
        scope.get('/api/things/:id', async () => 'no check');
      });
      await app.ready();
    };
    await expect(start()).rejects.toThrow(/say which resource :id names/);
  });

  it('refuses a link route without its link in :token, or with another parameter that names no resource', async () => {
    for (const url of ['/api/co-author/recordings', '/api/co-author/:token/recordings/:id']) {
      const app = Fastify();
      const start = async () => {
        await app.register(async (scope) => {
          recordRoutes(scope, [], 'link');
          scope.delete(url, async () => 'no check');
        });
        await app.ready();
      };
      await expect(start(), url).rejects.toThrow(/carries its link in :token|say which resource :id names/);
    }
  });

  it('records routes with their access and resource', async () => {
    const app = Fastify();
    const table: RouteEntry[] = [];
    const storyToRead = pathResource('story', 'read');
    await app.register(async (scope) => {
      recordRoutes(scope, table, 'signedIn');
      scope.get('/api/stories/:id', { config: storyToRead.config }, async () => 'checked');
    });
    await app.ready();
    expect(table).toContainEqual({ method: 'GET', url: '/api/stories/:id', access: 'signedIn', resource: storyToRead.config.resource });
  });

  it("records a link route whose only parameter is its link's token", async () => {
    const app = Fastify();
    const table: RouteEntry[] = [];
    await app.register(async (scope) => {
      recordRoutes(scope, table, 'link');
      scope.get('/api/co-author/:token', async () => 'the link is checked by the scope');
    });
    await app.ready();
    expect(table).toContainEqual({ method: 'GET', url: '/api/co-author/:token', access: 'link', resource: undefined });
  });
});
