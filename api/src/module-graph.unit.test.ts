import { readFileSync } from 'node:fs';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/*
 * The module graph of docs/architecture.md is enforced by eslint.config.js (decision 162). These lint a file's text
 * as if it sat in a module, so a config change that stops refusing what the graph forbids fails here.
 */
const eslint = new ESLint();

async function importErrors(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((message) => message.ruleId?.startsWith('import-x/'));
}

describe('the API module graph (eslint.config.js)', () => {
  it('refuses an import the graph does not allow, naming the rule and the module', async () => {
    const errors = await importErrors(
      'api/src/modules/users/graph-probe.ts',
      "import { Order } from '../orders/order.model';\nexport const probe = Order;\n",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ ruleId: 'import-x/no-restricted-paths', severity: 2 });
    expect(errors[0]!.message).toContain('users imports no other module');
  }, 60_000);

  it('allows an edge the graph lists, and a module its own files', async () => {
    const code =
      "import { ordersOfCustomer } from '../orders/customer-orders';\nimport { getCustomer } from './customers.service';\nexport const probe = [ordersOfCustomer, getCustomer];\n";
    expect(await importErrors('api/src/modules/customers/graph-probe.ts', code)).toEqual([]);
  }, 60_000);

  it('refuses a module importing the files that compose the modules', async () => {
    const errors = await importErrors(
      'api/src/modules/catalog/graph-probe.ts',
      "import { paymentWiring } from '../../payment-wiring';\nexport const probe = paymentWiring;\n",
    );
    expect(errors.map((error) => error.ruleId)).toContain('import-x/no-restricted-paths');
  }, 60_000);

  it('refuses an import cycle', async () => {
    // auth.service imports users.service; users.service importing auth back closes a cycle.
    const usersService = 'api/src/modules/users/users.service.ts';
    const code = `import { authenticate } from '../auth/auth.service';\nexport const probe = authenticate;\n${readFileSync(usersService, 'utf8')}`;
    const errors = await importErrors(usersService, code);
    expect(errors.map((error) => error.ruleId)).toEqual(
      expect.arrayContaining(['import-x/no-cycle', 'import-x/no-restricted-paths']),
    );
  }, 60_000);
});
