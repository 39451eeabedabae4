// What a role that reads the content without changing it (sales, issue 39)
// is shown in the content tabs: no buttons it cannot use.
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { texts, visibleText } from '@/testing/html';
import { ContentTab } from '../content/components/ContentTab';
import type { LibraryImage } from '../media/api/list-images';
import { ImageCard } from '../media/components/ImageCard';
import { PostsTab } from '../posts/components/PostsTab';
import { RoleProvider } from './access';

/** `node` as the tab at /admin/{its first segment}/*, the address being `url`. */
function render(role: string, url: string, node: ReactNode): string {
  const tab = url.split('/')[2];
  return renderToString(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[url]}>
        <RoleProvider value={role}>
          <Routes>
            <Route path={`/admin/${tab}/*`} element={node} />
          </Routes>
        </RoleProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  ).replaceAll('<!-- -->', '');
}

const IMAGE: LibraryImage = {
  key: 'a1b2',
  url: 'https://site.example/media/a1b2',
  originalName: 'lining.jpg',
  mime: 'image/jpeg',
  width: 1600,
  height: 1200,
  bytes: '204800',
  altText: 'Technician lining a clay pipe',
  variants: [],
  uploadedBy: 'ana@pipes.example',
  createdAt: '2026-11-28T10:00:00Z',
};

describe('the content tabs for a role that only reads them', () => {
  it('shows an image with its alt text and Copy URL, without the alt-text form or Delete', () => {
    const sales = render('sales', '/admin/media', <ImageCard image={IMAGE} announce={() => {}} onDeleted={() => {}} />);
    expect(texts(sales, 'button')).toEqual(['Copy URL of lining.jpg']);
    expect(sales).not.toContain('<textarea');
    expect(visibleText(sales)).toContain('Alt text Technician lining a clay pipe');
    const editor = render('editor', '/admin/media', <ImageCard image={IMAGE} announce={() => {}} onDeleted={() => {}} />);
    expect(texts(editor, 'button')).toEqual(['Save alt text for lining.jpg', 'Copy URL of lining.jpg', 'Delete lining.jpg']);
  });

  it('says a new post or text, or a text’s form, is not part of the role', () => {
    expect(texts(render('sales', '/admin/posts/new', <PostsTab renderPreview={() => null} />), 'h1')).toEqual(['Not part of your role']);
    expect(texts(render('sales', '/admin/content/new', <ContentTab />), 'h1')).toEqual(['Not part of your role']);
    expect(texts(render('sales', '/admin/content/edit/home.title', <ContentTab />), 'h1')).toEqual(['Not part of your role']);
  });
});
