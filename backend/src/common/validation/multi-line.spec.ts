import { PartialType } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsString, validate } from 'class-validator';
import { isMultiLineText, isSingleLine, MultiLine, multiLineProperties, nestedClass } from './multi-line';

class NoteDto {
  @IsString()
  title!: string;

  @MultiLine()
  @IsString()
  body!: string;
}

class LetterDto extends NoteDto {
  @MultiLine()
  @IsString({ each: true })
  lines!: string[];

  @Type(() => NoteDto)
  notes!: NoteDto[];
}

class UpdateLetterDto extends PartialType(LetterDto) {}

describe('one line or several', () => {
  it('keeps one-line text free of line breaks, tabs and every other control character', () => {
    for (const text of ['Ann Lee', 'Zoë Ó Súilleabháin', '😀 emoji', 'ＡＢＣ', '\u202eright-to-left', '']) expect({ text, ok: isSingleLine(text) }).toEqual({ text, ok: true });
    for (const text of ['a\nb', 'a\rb', 'a\tb', 'a\u000bb', 'a\u000cb', 'a\u001bb', 'a\u007fb', 'a\u0085b', 'a\u009fb', 'a\u2028b', 'a\u2029b']) {
      expect({ text, ok: isSingleLine(text) }).toEqual({ text, ok: false });
    }
  });

  it('lets multi-line text hold line breaks and tabs, and nothing else of the kind', () => {
    for (const text of ['a\nb', 'a\r\nb', 'a\rb', '\tindented', 'a\u2028b']) expect({ text, ok: isMultiLineText(text) }).toEqual({ text, ok: true });
    for (const text of ['a\u000bb', 'a\u000cb', 'a\u001bb', 'a\u007fb', 'a\u0085b', 'a\u0000b']) expect({ text, ok: isMultiLineText(text) }).toEqual({ text, ok: false });
  });

  it('finds the marked properties of a class, of its subclasses and of its PartialType, and the class of a nested list', () => {
    expect([...multiLineProperties(NoteDto)]).toEqual(['body']);
    expect([...multiLineProperties(LetterDto)].sort()).toEqual(['body', 'lines']);
    expect([...multiLineProperties(UpdateLetterDto)].sort()).toEqual(['body', 'lines']);
    expect([...multiLineProperties(Object)]).toEqual([]);
    expect(nestedClass(LetterDto, 'notes')).toBe(NoteDto);
    expect(nestedClass(UpdateLetterDto, 'notes')).toBe(NoteDto);
    expect(nestedClass(LetterDto, 'title')).toBeUndefined();
  });

  it('checks the multi-line rule when a DTO is validated, naming the field', async () => {
    const letter = Object.assign(new LetterDto(), { title: 'Hi', body: 'a\nb', lines: ['one', 'two\u001b'], notes: [] });
    const errors = await validate(letter);
    expect(errors.map((e) => [e.property, Object.values(e.constraints ?? {})])).toEqual([
      ['lines', ['The field "lines" may hold line breaks and tabs, but no other control characters']],
    ]);
  });
});
