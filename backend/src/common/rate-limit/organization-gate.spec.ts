import { GateFullException, OrganizationGate } from './organization-gate';

describe('OrganizationGate', () => {
  it('lets `running` pieces of work of one key run, lines up the next `waiting` in order, and refuses the one after', async () => {
    const gate = new OrganizationGate(2, 2);
    const first = await gate.enter('a');
    const second = await gate.enter('a');
    const order: string[] = [];
    const third = gate.enter('a').then((leave) => (order.push('third'), leave));
    const fourth = gate.enter('a').then((leave) => (order.push('fourth'), leave));
    expect(gate.load('a')).toEqual({ running: 2, waiting: 2 });
    await expect(gate.enter('a')).rejects.toBeInstanceOf(GateFullException);

    first();
    const leaveThird = await third;
    expect(order).toEqual(['third']);
    expect(gate.load('a')).toEqual({ running: 2, waiting: 1 });
    second();
    const leaveFourth = await fourth;
    expect(order).toEqual(['third', 'fourth']);
    leaveThird();
    leaveFourth();
    expect(gate.load('a')).toEqual({ running: 0, waiting: 0 });
  });

  it('keeps keys apart: a full line of one organisation does not hold another', async () => {
    const gate = new OrganizationGate(1, 0);
    const busy = await gate.enter('a');
    await expect(gate.enter('a')).rejects.toBeInstanceOf(GateFullException);
    const other = await gate.enter('b');
    other();
    busy();
    (await gate.enter('a'))();
  });

  it('ends a turn once, however often its function is called', async () => {
    const gate = new OrganizationGate(1, 1);
    const leave = await gate.enter('a');
    const next = gate.enter('a');
    leave();
    leave();
    (await next)();
    expect(gate.load('a')).toEqual({ running: 0, waiting: 0 });
  });

  it('answers 429 with a Retry-After and a message a person can act on', () => {
    const error = new GateFullException('spreadsheet exports');
    expect(error.getStatus()).toBe(429);
    expect(error.retryAfterSeconds).toBe(5);
    expect(error.message).toBe('The server is still working on earlier requests from your organisation for spreadsheet exports. Please wait a few seconds and try again.');
  });
});
