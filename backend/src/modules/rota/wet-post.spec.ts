import { postOfRow, postOn } from './wet-post';

describe('wet-post', () => {
  const field = { place: 'Field', wetPlace: 'Hall' };

  it('puts a duty with a wet-weather post at that post on a day marked wet, naming its usual place', () => {
    expect(postOn(field, true)).toEqual({ place: 'Hall', wet: true, dryPlace: 'Field' });
  });

  it('keeps a duty at its usual place on a dry day, and one without a wet-weather post on a wet day', () => {
    expect(postOn(field, false)).toEqual({ place: 'Field' });
    expect(postOn({ place: 'Gate', wetPlace: null }, true)).toEqual({ place: 'Gate' });
    expect(postOn({ place: null }, true)).toEqual({ place: null });
  });

  it('moves a duty with no usual place to its wet-weather post, its usual place null', () => {
    expect(postOn({ place: null, wetPlace: 'Hall' }, true)).toEqual({ place: 'Hall', wet: true, dryPlace: null });
  });

  it("reads a statement's post as postOn words it", () => {
    expect(postOfRow({ place: 'Hall', wet: true, usual_place: 'Field' })).toEqual(postOn(field, true));
    expect(postOfRow({ place: 'Field', wet: false, usual_place: 'Field' })).toEqual(postOn(field, false));
  });
});
