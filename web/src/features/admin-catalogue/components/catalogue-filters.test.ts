import { describe, expect, it } from 'vitest';
import type { AdminProduct } from '@shared/schemas/catalog';
import { filterCatalogue, readCatalogueFilters } from './catalogue-filters';

const product = (name: string, category: string, description = '', archived = false): AdminProduct => ({
  id: name,
  name,
  category,
  description,
  price: '10.00',
  imageUrl: null,
  rating: null,
  inStock: true,
  createdAt: '2026-11-21T00:00:00.000Z',
  archived,
  updatedAt: '2026-11-21T00:00:00.000Z',
});

const catalogue = [
  product('Core Switch 48', 'Networking', 'Layer 3, 48 ports'),
  product('Next-Gen Firewall', 'Security', 'Threat prevention for the office'),
  product('Old Router', 'Networking', 'Replaced by the Core Switch', true),
  product('Wi-Fi 7 Access Point', 'Wi-Fi'),
];
const names = (products: AdminProduct[]) => products.map((p) => p.name);

describe('the Catalogue filters', () => {
  it('are read from the URL; archived products only with archived=1', () => {
    expect(readCatalogueFilters(new URLSearchParams('q=switch&category=Networking&archived=1'))).toEqual({
      q: 'switch',
      category: 'Networking',
      showArchived: true,
    });
    expect(readCatalogueFilters(new URLSearchParams('archived=true')).showArchived).toBe(false);
    expect(readCatalogueFilters(new URLSearchParams())).toEqual({ q: '', category: '', showArchived: false });
  });

  it('leave archived products out unless asked for', () => {
    expect(names(filterCatalogue(catalogue, { q: '', category: '', showArchived: false }))).toEqual([
      'Core Switch 48',
      'Next-Gen Firewall',
      'Wi-Fi 7 Access Point',
    ]);
    expect(filterCatalogue(catalogue, { q: '', category: '', showArchived: true })).toHaveLength(4);
  });

  it('match a category exactly', () => {
    expect(names(filterCatalogue(catalogue, { q: '', category: 'Networking', showArchived: true }))).toEqual([
      'Core Switch 48',
      'Old Router',
    ]);
    expect(filterCatalogue(catalogue, { q: '', category: 'Network', showArchived: true })).toEqual([]);
  });

  it('search a part of the name, category or description, in any case, trimmed', () => {
    const search = (q: string) => names(filterCatalogue(catalogue, { q, category: '', showArchived: false }));
    expect(search('  SWITCH ')).toEqual(['Core Switch 48']);
    expect(search('security')).toEqual(['Next-Gen Firewall']);
    expect(search('office')).toEqual(['Next-Gen Firewall']);
    expect(search('router')).toEqual([]); // archived
    expect(search('   ')).toHaveLength(3);
  });
});
