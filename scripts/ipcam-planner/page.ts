/**
 * The planner's form, wired to the sums of planner.ts. build.ts copies this file, after those
 * functions, into the planner's HTML: it reads the form, writes the results and touches nothing
 * outside the page (no network, no storage).
 */
import { formatStorage, planAddresses, planStorage } from './planner';

function field(form: HTMLFormElement, name: string): string {
  const input = form.elements.namedItem(name);
  return input instanceof HTMLInputElement ? input.value : '';
}

function element(tag: string, text?: string): HTMLElement {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  return node;
}

function row(cells: string[], header = false): HTMLTableRowElement {
  const tr = document.createElement('tr');
  for (const cell of cells) tr.append(element(header ? 'th' : 'td', cell));
  if (header) for (const th of tr.children) th.setAttribute('scope', 'col');
  return tr;
}

function fact(list: HTMLElement, term: string, value: string, id: string): void {
  const dt = element('dt', term);
  const dd = element('dd', value);
  dd.id = id;
  list.append(dt, dd);
}

export function startPlanner(): void {
  const form = document.getElementById('planner');
  const results = document.getElementById('results');
  if (!(form instanceof HTMLFormElement) || !results) return;
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const cameras = Number(field(form, 'cameras'));
    const storage = planStorage({
      cameras,
      bitrateMbps: Number(field(form, 'bitrate')),
      hoursPerDay: Number(field(form, 'hours')),
      days: Number(field(form, 'days')),
    });
    const addresses = planAddresses({
      subnet: field(form, 'subnet'),
      first: field(form, 'first'),
      cameras,
      gateway: field(form, 'gateway'),
      recorder: field(form, 'recorder'),
    });
    results.replaceChildren();
    const heading = element('h2', 'Your plan');
    heading.tabIndex = -1;
    results.append(heading);
    const errors = [...(storage.ok ? [] : storage.errors), ...(addresses.ok ? [] : addresses.errors)];
    if (errors.length > 0) {
      heading.textContent = 'Please correct these first';
      const list = element('ul');
      list.id = 'errors';
      for (const error of errors) list.append(element('li', error));
      results.append(list);
    }
    if (storage.ok) {
      results.append(element('h3', 'Storage'));
      const list = element('dl');
      fact(list, 'Recording needed', formatStorage(storage.value.totalBytes), 'storage-total');
      fact(list, 'Recorded each day', formatStorage(storage.value.bytesPerDay), 'storage-day');
      fact(list, 'Network load at the recorder', `${storage.value.totalMbps} Mbit/s`, 'storage-mbps');
      results.append(list);
      results.append(
        element(
          'p',
          'Drives are sold in decimal terabytes, as shown here. Leave some space free: choose a drive or set of drives somewhat larger than this.',
        ),
      );
    }
    if (addresses.ok) {
      const plan = addresses.value;
      results.append(element('h3', 'Addresses'));
      const list = element('dl');
      fact(list, 'Subnet', plan.network, 'subnet-network');
      fact(list, 'Subnet mask', plan.mask, 'subnet-mask');
      fact(list, 'Free addresses after the last camera', String(plan.spare), 'subnet-spare');
      results.append(list);
      const table = document.createElement('table');
      table.id = 'address-table';
      table.append(element('caption', 'Camera addresses'));
      const head = document.createElement('thead');
      // The mask is the same for every camera: it is given once, above the table.
      head.append(row(['Camera', 'IP address', 'Gateway'], true));
      const body = document.createElement('tbody');
      const gateway = field(form, 'gateway').trim() || 'none';
      plan.addresses.forEach((address, index) => {
        body.append(row([`Camera ${index + 1}`, address, gateway]));
      });
      table.append(head, body);
      // A long table scrolls sideways on its own on a narrow screen, and takes keyboard focus to do so.
      const wrap = element('div');
      wrap.className = 'table-wrap';
      wrap.tabIndex = 0;
      wrap.setAttribute('role', 'region');
      wrap.setAttribute('aria-label', 'Camera addresses');
      wrap.append(table);
      results.append(wrap);
    }
    heading.focus();
  });
}
