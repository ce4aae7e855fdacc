import { describe, expect, it } from 'vitest';
import { classifyTarget, refToTarget, targetToImageRef, targetToRef, type RefResolver } from './content-ref.js';
import type { ContentRef } from './document.js';

describe('default codec', () => {
  const cases: [string, ContentRef][] = [
    ['#intro', { kind: 'anchor', anchor: 'intro' }],
    ['/pages/p1', { kind: 'page', page: 'p1' }],
    ['/pages/p1#intro', { kind: 'anchor', anchor: 'intro', page: 'p1' }],
    ['/files/f1', { kind: 'file', file: 'f1' }],
    ['https://bindery.dev', { kind: 'url', url: 'https://bindery.dev' }],
    ['../guide/setup.md', { kind: 'url', url: '../guide/setup.md' }],
  ];
  it.each(cases)('%s <-> %j', (target, ref) => {
    expect(targetToRef(target)).toEqual(ref);
    expect(refToTarget(ref)).toBe(target);
  });

  it('images only take url or file refs', () => {
    expect(targetToImageRef('/files/f1')).toEqual({ kind: 'file', file: 'f1' });
    expect(targetToImageRef('#x')).toEqual({ kind: 'url', url: '#x' });
  });
});

describe('resolver', () => {
  const resolver: RefResolver = {
    toRef: (target, usage) => (usage === 'image' && target.startsWith('assets/') ? { kind: 'file', file: target.slice(7) } : undefined),
    toTarget: (ref) => (ref.kind === 'file' ? `assets/${ref.file}` : undefined),
  };

  it('wins over the default codec and falls back to it', () => {
    expect(targetToImageRef('assets/logo', resolver)).toEqual({ kind: 'file', file: 'logo' });
    expect(refToTarget({ kind: 'file', file: 'logo' }, 'image', resolver)).toBe('assets/logo');
    expect(targetToRef('assets/logo', resolver)).toEqual({ kind: 'url', url: 'assets/logo' });
    expect(refToTarget({ kind: 'page', page: 'p' }, 'link', resolver)).toBe('/pages/p');
  });
});

describe('classifyTarget', () => {
  it.each([
    ['#top', 'link', { kind: 'anchor', anchor: 'top' }],
    ['https://x.dev/a.md', 'link', { kind: 'url' }],
    ['//cdn.x.dev/a.js', 'link', { kind: 'url' }],
    ['mailto:a@b.c', 'link', { kind: 'url' }],
    ['setup.md#install', 'link', { kind: 'page', path: 'setup.md', anchor: 'install' }],
    ['../guide/', 'link', { kind: 'page', path: '../guide/' }],
    ['../guide/setup', 'link', { kind: 'page', path: '../guide/setup' }],
    ['README.MDX?x=1', 'link', { kind: 'page', path: 'README.MDX' }],
    ['manual.pdf', 'link', { kind: 'file', path: 'manual.pdf' }],
    ['logo', 'image', { kind: 'file', path: 'logo' }],
  ] as const)('%s (%s)', (target, usage, expected) => {
    expect(classifyTarget(target, usage)).toEqual(expected);
  });
});
