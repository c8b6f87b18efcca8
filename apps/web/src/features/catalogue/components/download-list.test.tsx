import { brandById } from '@app/brands';
import type { DownloadItem } from '@app/contract/catalogue';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BrandProvider } from '../../../lib/brand';
import { DownloadList } from './download-list';

const planner: DownloadItem = {
  label: 'IPCam Scout Planner',
  kind: 'tool',
  url: '/api/files/0123456789abcdef/ipcam-scout-planner.html',
  fileName: 'ipcam-scout-planner.html',
  size: 14_336,
  sha256: '0123456789abcdef'.repeat(4),
  contentType: 'text/html; charset=utf-8',
  version: '1.0.0',
  released: '2026-11-20',
};

describe('DownloadList', () => {
  it('shows beside each link its size, version, British date and full SHA-256', () => {
    render(
      <BrandProvider brand={brandById('ipcam')}>
        <DownloadList items={[planner]} />
      </BrandProvider>,
    );
    const item = screen.getByRole('listitem');
    const link = within(item).getByRole('link', { name: 'IPCam Scout Planner' });
    expect(link.getAttribute('download')).toBe('ipcam-scout-planner.html');
    expect(link.getAttribute('href')).toMatch(/\/api\/files\/0123456789abcdef\/ipcam-scout-planner\.html$/);
    expect(item.textContent).toContain('Offline tool');
    const facts = within(item)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(facts).toEqual([
      ['Size', 'HTML, 14 KB'],
      ['Version', '1.0.0'],
      ['Date', '20 November 2026'],
      ['SHA-256', '0123456789abcdef'.repeat(4)],
    ]);
  });
});
