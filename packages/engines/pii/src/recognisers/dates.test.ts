import { describe, expect, it } from 'vitest';
import type { PiiEntityType } from '../catalogue.js';
import { detectPii } from '../detect.js';

const found = (type: PiiEntityType, text: string) =>
  detectPii(text)
    .filter((f) => f.type === type)
    .map((f) => f.text);

// [entity, text, what it must find] — written forms, languages, ranges, years in context, birth cues, times.
const positives: Array<[PiiEntityType, string, string]> = [
  ['DATE', 'The lease starts on the 3rd of May.', '3rd of May'],
  ['DATE', 'Can we do May 3 instead?', 'May 3'],
  ['DATE', 'the meetup moved to june 14', 'june 14'],
  ['DATE', 'Am 3. Mai 2024 ist Abgabe.', '3. Mai 2024'],
  ['DATE', 'La reunión es el 15 de marzo de 2024.', '15 de marzo de 2024'],
  ['DATE', 'Il 12 maggio 2023 siamo partiti.', '12 maggio 2023'],
  ['DATE', 'Op 5 januari 2024 is de overdracht.', '5 januari 2024'],
  ['DATE', 'Le rendez-vous est le mardi 4 juin 2024.', 'mardi 4 juin 2024'],
  ['DATE', 'Last seen on Wednesday, 17 July 2024.', 'Wednesday, 17 July 2024'],
  ['DATE', 'Flight lands on Sat 8 Feb.', 'Sat 8 Feb.'],
  ['DATE', 'Conference: 14–16 October 2024, Lisbon.', '14–16 October 2024'],
  ['DATE', "I'm available June 3-7 if that helps.", 'June 3-7'],
  ['DATE', 'Vacation: Dec 22, 2024 – Jan 3, 2025', 'Dec 22, 2024 – Jan 3, 2025'],
  ['DATE', 'During 2019–2021 the office was closed.', '2019–2021'],
  ['DATE', 'We moved here in 2019.', '2019'],
  ['DATE', 'Class of 2004 reunion this weekend!', '2004'],
  ['DATE', 'The flat was let in autumn 2020.', '2020'],
  ['DATE', 'Je vis à Genève depuis 2015.', '2015'],
  ['DATE', 'Login succeeded at 2024-05-03T10:22:31Z from the office.', '2024-05-03T10:22:31Z'],
  ['DATE', 'Sent: 8. 4. 2024 9:41', '8. 4. 2024'],
  ['DATE', 'Dated this 14th day of February, 2024.', '14th day of February, 2024'],
  ['DATE', 'Appointment moved to the 21st.', '21st'],
  ['DATE', 'Flight lands 06:55 on 8 March.', '8 March'],
  ['DATE_OF_BIRTH', 'I was born in 1985.', '1985'],
  ['DATE_OF_BIRTH', 'Kenji Watanabe (b. 1971) founded the studio.', '1971'],
  ['DATE_OF_BIRTH', 'Birth year: 1999', '1999'],
  ['DATE_OF_BIRTH', 'Geburtsdatum: 12.03.1984', '12.03.1984'],
  ['DATE_OF_BIRTH', 'Elle est née le 4 juillet 1992 à Lyon.', '4 juillet 1992'],
  ['DATE_OF_BIRTH', 'data di nascita 05/11/1966', '05/11/1966'],
  ['TIME', 'Call me at 2:30 pm.', '2:30 pm'],
  ['TIME', 'The train leaves at 14:30.', '14:30'],
  ['TIME', 'Doors open 7.30pm, first act at 8pm.', '7.30pm'],
  ['TIME', 'Doors open 7.30pm, first act at 8pm.', '8pm'],
  ['TIME', 'Le magasin ouvre à 9h00.', '9h00'],
  ['TIME', 'Rendez-vous à 14h.', '14h'],
  ['TIME', 'Treffen um 18 Uhr am Bahnhof.', '18 Uhr'],
  ['TIME', 'We landed at 11:05 p.m. local time.', '11:05 p.m.'],
  ['TIME', 'Shift: 22:00–06:00', '22:00–06:00'],
  ['TIME', 'Pick-up window: 9–11am', '9–11am'],
  ['TIME', 'Lunch at 12.15?', '12.15'],
  ['TIME', 'Appointment 12/04/2024 3:15PM', '3:15PM'],
  ['TIME', 'Flight lands 06:55 on 8 March.', '06:55'],
];

// [entity, text with a look-alike it must leave alone]
const negatives: Array<[PiiEntityType, string]> = [
  ['TIME', 'They lost 0:2 in the second half.'],
  ['TIME', 'Half-time 1:1, full time 2:1.'],
  ['TIME', 'The aspect ratio is 16:9 on the new screens.'],
  ['TIME', 'The sermon was on John 3:16.'],
  ['TIME', 'It weighs 12.50 kg and costs 12.50 EUR.'],
  ['TIME', 'Upgrade to v2.14.3 before the next release.'],
  ['TIME', 'Call center hours: 9–5 Mon–Fri.'],
  ['DATE', 'A slice burns about 2000 calories.'],
  ['DATE', 'We are well into the 21st century now.'],
  ['DATE', 'We are still on release 2024.1.3 of the toolkit.'],
  ['DATE', 'We won 3-1 and the set went 6-4, 3-6, 7-5.'],
  ['DATE', 'Add 3/4 cup of sugar.'],
  ['DATE', 'May I ask a question?'],
];

describe('dates, dates of birth and times', () => {
  it.each(positives)('%s in %j: %j', (type, text, value) => {
    expect(found(type, text)).toContain(value);
  });

  it.each(negatives)('no %s in %j', (type, text) => {
    expect(found(type, text)).toEqual([]);
  });

  it('a birth cue marks the date after it, not a later one', () => {
    const findings = detectPii('New tenant, DOB 14/08/1992, moving in 1 April.');
    expect(findings.map((f) => [f.type, f.text])).toEqual([
      ['DATE_OF_BIRTH', '14/08/1992'],
      ['DATE', '1 April'],
    ]);
  });

  it('a date and a time side by side are two findings; "from … to …" in words is two', () => {
    expect(detectPii('Termin am 12.03.2025 um 14:30 Uhr.').map((f) => [f.type, f.text])).toEqual([
      ['DATE', '12.03.2025'],
      ['TIME', '14:30 Uhr'],
    ]);
    expect(found('DATE', 'He worked there from 2015 to 2019.')).toEqual(['2015', '2019']);
  });
});
