import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { buildProduct } from '../../test/commerce-factories';
import { buildUser, logIn } from '../../test/factories';
import { useApiServers } from '../../test/servers';

// Two real instances on one database, as behind a load balancer.
const servers = useApiServers(2, {});

async function productOn(instance: number, name: string) {
  const res = await request(servers.url(instance)).get('/api/products');
  return (res.body as { name: string; price: string }[]).find((p) => p.name === name);
}

describe('catalogue changes reach every instance', () => {
  it('a price changed on one instance is what the other serves next', async () => {
    const product = await buildProduct(servers.db, { price: '50.00' });
    // The second instance has the catalogue cached.
    expect(await productOn(1, product.name)).toMatchObject({ price: '50.00' });

    const staff = request.agent(servers.url(0));
    await logIn(staff, await buildUser(servers.db, { accountType: 'staff' }));
    const res = await staff
      .patch(`/api/admin/products/${product.id}`)
      .set('Origin', servers.url(0))
      .send({ price: '45.00' });
    expect(res.status).toBe(200);

    // Announced with NOTIFY on commit; the other instance drops its snapshot when it hears it.
    let seen = await productOn(1, product.name);
    for (let i = 0; i < 100 && seen?.price !== '45.00'; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      seen = await productOn(1, product.name);
    }
    expect(seen).toMatchObject({ price: '45.00' });
  });
});
