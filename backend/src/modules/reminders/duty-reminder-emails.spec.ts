import { dutiesReminderEmail, dutyLine, startReminderEmail } from './duty-reminder-emails';
import { DEFAULT_EMAIL_TEMPLATE, renderReminder } from './reminder-template';

const lunch = { name: 'Lunch', place: 'Canteen', startTime: '12:30', endTime: '13:10' };

describe('the reminders of every duty', () => {
  it('name a duty with its place and time, or all day', () => {
    expect(dutyLine(lunch)).toBe('Lunch — Canteen, 12:30–13:10');
    expect(dutyLine({ ...lunch, place: null })).toBe('Lunch, 12:30–13:10');
    // A name that says its place already, as screens and feeds name it.
    expect(dutyLine({ ...lunch, name: 'Lunch — Hall', place: 'Hall' })).toBe('Lunch — Hall, 12:30–13:10');
    expect(dutyLine({ name: 'Duty Manager', place: null, startTime: null, endTime: null })).toBe('Duty Manager, all day');
  });

  it('say before the start what starts when and where, with what the post involves', () => {
    const email = startReminderEmail({
      staffName: 'Ann',
      duty: { ...lunch, description: 'Open the side door.\n\nQueue by year group.' },
      day: 'today',
      minutesBefore: 15,
      rotaUrl: 'https://dm.example.com/my-rota',
    });
    expect(email.subject).toBe('Reminder: Lunch — Canteen, 12:30–13:10 today');
    expect(email.text).toBe(
      'Dear Ann,\n\nYour duty starts in 15 minutes: Lunch — Canteen, 12:30–13:10 today.\n\nOpen the side door.\n\nQueue by year group.\n\n' +
        'Your duties in Duty Manager: https://dm.example.com/my-rota\n',
    );
    const tomorrow = startReminderEmail({
      staffName: 'Ann',
      duty: { ...lunch, description: '' },
      day: 'Tuesday 9 September 2025',
      minutesBefore: 60,
      rotaUrl: 'x',
    });
    expect(tomorrow.subject).toBe('Reminder: Lunch — Canteen, 12:30–13:10 on Tuesday 9 September 2025');
  });

  it('escape what the school typed in the HTML', () => {
    const hostile = { name: '<script>x</script>', place: 'A & B', startTime: '12:30', endTime: '13:10' };
    const start = startReminderEmail({
      staffName: '<b>Ann</b>',
      duty: { ...hostile, description: '<img src=x>' },
      day: 'today',
      minutesBefore: 15,
      rotaUrl: 'x',
    });
    expect(start.html).not.toMatch(/<script>|<img|<b>Ann/);
    expect(start.html).toContain('&lt;script&gt;x&lt;/script&gt; — A &amp; B');
    const day = dutiesReminderEmail({ staffName: 'Ann', date: 'Monday 22 September 2025', duties: [hostile], rotaUrl: 'x' });
    expect(day.html).not.toContain('<script>');
    const dm = renderReminder(DEFAULT_EMAIL_TEMPLATE, { staffName: 'Ann', date: 'Monday', duties: [dutyLine(hostile)] });
    expect(dm.html).not.toContain('<script>');
    expect(dm.html).toContain('<li>&lt;script&gt;x&lt;/script&gt; — A &amp; B, 12:30–13:10</li>');
  });

  it('list a day of other duties each on its line', () => {
    const email = dutiesReminderEmail({
      staffName: 'Jo',
      date: 'Monday 22 September 2025',
      duties: [{ name: 'Gate', place: 'Main gate', startTime: '08:20', endTime: '08:45' }, lunch],
      rotaUrl: 'https://dm.example.com/my-rota',
    });
    expect(email.subject).toBe('Duty reminder - Monday 22 September 2025');
    expect(email.text).toBe(
      'Dear Jo,\n\nThis is a reminder of your duties on Monday 22 September 2025:\n\n- Gate — Main gate, 08:20–08:45\n- Lunch — Canteen, 12:30–13:10\n\n' +
        'Your duties in Duty Manager: https://dm.example.com/my-rota\n',
    );
  });

  it('leave the Duty Manager reminder as it was without other duties', () => {
    const values = { staffName: 'Lee', date: 'Monday 22 September 2025', colleagues: ['Kit'] };
    expect(renderReminder(DEFAULT_EMAIL_TEMPLATE, { ...values, duties: [] })).toEqual(renderReminder(DEFAULT_EMAIL_TEMPLATE, values));
    expect(renderReminder(DEFAULT_EMAIL_TEMPLATE, values).html).not.toContain('Your duties that day');
  });
});
