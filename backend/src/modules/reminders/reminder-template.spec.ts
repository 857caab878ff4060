import { DEFAULT_EMAIL_TEMPLATE, htmlToText, renderReminder, sanitizeTemplate, sanitizeTemplateHtml } from './reminder-template';

describe('the reminder template', () => {
  it('keeps the allowed tags and http(s) links, and drops everything else', () => {
    const dirty =
      '<p onclick="x()">Hi <strong>there</strong> <em>you</em> <b>b</b> <i>i</i> <u>u</u><br>' +
      '<script>alert(1)</script><style>p{}</style><img src=x onerror=alert(1)>' +
      '<a href="javascript:alert(1)">bad</a> <a href="https://example.com/x" target="_self" onmouseover="y()">ok</a>' +
      '<iframe src="https://evil.example"></iframe><ul><li>one</li></ul><ol><li>two</li></ol><h1>big</h1></p>';
    const clean = sanitizeTemplateHtml(dirty);
    expect(clean).toBe(
      '<p>Hi <strong>there</strong> <em>you</em> <b>b</b> <i>i</i> <u>u</u><br />' +
        '<a target="_blank" rel="noopener noreferrer">bad</a> <a href="https://example.com/x" target="_blank" rel="noopener noreferrer">ok</a></p>' +
        '<ul><li>one</li></ul><ol><li>two</li></ol>big<p></p>',
    );
    expect(sanitizeTemplateHtml('<a href="mailto:a@b.c">m</a><a href="//evil.example">p</a><a href="/relative">r</a>')).toBe(
      '<a href="mailto:a@b.c" target="_blank" rel="noopener noreferrer">m</a>' +
        '<a target="_blank" rel="noopener noreferrer">p</a><a target="_blank" rel="noopener noreferrer">r</a>',
    );
  });

  const HOSTILE_NAMES = [
    'javascript:alert(1)//',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    'jav&#x61;script:alert(1)',
    'jav&#97;script:alert(1)',
    '&#106;avascript:alert(1)',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'vbscript:msgbox(1)',
    '//evil.example/x',
    '"><script>alert(1)</script>',
    "' onmouseover='alert(1)",
  ];

  it.each(HOSTILE_NAMES)('a placeholder in a link never makes a link of %j', (staffName) => {
    const template = {
      ...DEFAULT_EMAIL_TEMPLATE,
      greeting: '<a href="{staffName}">Dear {staffName}</a>',
      mainMessage: '<a href="{date}">on {date}</a>',
      keyReminders: ['<a href="{staffName}">x</a>'],
      footerMessage: '<a href=\'{staffName}\'>y</a> <a href={staffName}>z</a>',
    };
    const { html, text } = renderReminder(template, { staffName, date: staffName });
    // The name stays as text; no tag gains an href or any attribute of its own.
    expect(html).toContain('<a target="_blank" rel="noopener noreferrer">');
    expect(html).not.toMatch(/href=/i);
    const anchors = html.match(/<a\b[^>]*>/gi) ?? [];
    expect(new Set(anchors)).toEqual(new Set(['<a target="_blank" rel="noopener noreferrer">']));
    expect(html).not.toMatch(/<(script|img|iframe)\b/i);
    expect(text).not.toMatch(/\((javascript|vbscript|data):/i);
  });

  it('keeps http(s) and mailto links that a placeholder completes', () => {
    const { html } = renderReminder(
      { ...DEFAULT_EMAIL_TEMPLATE, greeting: '<a href="https://school.example/staff/{staffName}">Profile</a> <a href="mailto:office@school.example">Office</a>' },
      { staffName: 'Ann "A" Lee', date: 'Tuesday 9 September 2025' },
    );
    expect(html).toContain('<a href="https://school.example/staff/Ann &quot;A&quot; Lee" target="_blank" rel="noopener noreferrer">Profile</a>');
    expect(html).toContain('<a href="mailto:office@school.example" target="_blank" rel="noopener noreferrer">Office</a>');
  });

  it('makes the subject plain text and drops blank list items', () => {
    const t = sanitizeTemplate({
      ...DEFAULT_EMAIL_TEMPLATE,
      subject: '<strong>Duty</strong>   on {date}',
      keyReminders: ['  ', '<p></p>', 'Real one'],
    });
    expect(t.subject).toBe('Duty on {date}');
    expect(t.keyReminders).toEqual(['Real one']);
  });

  it('fills {date} and {staffName}, escaped, in every part', () => {
    const email = renderReminder(
      { ...DEFAULT_EMAIL_TEMPLATE, footerMessage: 'See you on {date}, {staffName}' },
      { staffName: 'Sam <O\'Neil>', date: 'Tuesday 9 September 2025', colleagues: ['Ann Lee'] },
    );
    expect(email.subject).toBe('Duty Manager Reminder - Tuesday 9 September 2025');
    expect(email.html).toContain("<p>Dear Sam &lt;O'Neil&gt;,</p>");
    expect(email.html).toContain('on <strong>Tuesday 9 September 2025</strong>');
    expect(email.html).toContain("See you on Tuesday 9 September 2025, Sam &lt;O'Neil&gt;");
    expect(email.html).toContain('On duty with you: Ann Lee.');
    expect(email.html).not.toMatch(/\{date\}|\{staffName\}/);
    expect(email.text).toContain("Dear Sam <O'Neil>,");
    expect(email.text).toContain('- Arrive 15 minutes before the start of the day');
  });

  it('writes the plain-text reminder as a person would: a blank line between blocks, each bullet on its own line', () => {
    const email = renderReminder(DEFAULT_EMAIL_TEMPLATE, {
      staffName: 'Sam Lee',
      date: 'Tuesday 9 September 2025',
      colleagues: ['Ann Lee'],
      rotaUrl: 'https://dm.example.com/rota',
    });
    expect(email.text).toBe(
      [
        'Dear Sam Lee,',
        '',
        'This is a reminder that you are scheduled as Duty Manager on Tuesday 9 September 2025.',
        '',
        'On duty with you: Ann Lee.',
        '',
        'Key reminders',
        '',
        '- Arrive 15 minutes before the start of the day',
        '- Carry the duty phone or radio at all times',
        "- Check the day's cover and visitors with the office",
        '- Record any incident before you leave',
        '',
        'Emergency contacts',
        '',
        '- School office: reception desk',
        '- Designated safeguarding lead',
        '- Site manager',
        '',
        "If you can't do this duty, ask for a swap or a cancellation in Duty Manager as soon as you can.",
        '',
        'Duty Manager Team',
        '',
        'Open the rota in Duty Manager (https://dm.example.com/rota)',
      ].join('\n'),
    );
  });

  it("keeps an admin's own line breaks and indented list markup tidy in the text part", () => {
    expect(htmlToText('<p>First line<br>second line</p>\n<ul>\n  <li>One</li>\n  <li>Two</li>\n</ul><p>After</p>')).toBe(
      'First line\nsecond line\n\n- One\n- Two\n\nAfter',
    );
  });

  it('writes links out in the text part', () => {
    expect(htmlToText('<p>See <a href="https://x.example/a">the policy</a> &amp; more</p>')).toBe('See the policy (https://x.example/a) & more');
  });
});
