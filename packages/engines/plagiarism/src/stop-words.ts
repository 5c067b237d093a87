// English function words, in normalised form (lower case, apostrophes removed). Fingerprints skip them so that
// adding, dropping or swapping "the", "of", "is" … does not break a match.
const STOP_WORDS = new Set(
  `a about above after again against all am an and any are aren arent as at be because been before being below
  between both but by can cant cannot could couldnt did didnt do does doesnt doing dont down during each few for
  from further had hadnt has hasnt have havent having he hes her here heres hers herself him himself his
  how hows i im ive if in into is isnt it its itself lets me more most mustnt my myself no nor not of off on
  once only or other ought our ours ourselves out over own same shant she shes should shouldnt so some
  such than that thats the their theirs them themselves then there theres these they theyd theyll theyre theyve
  this those through to too under until up very was wasnt we were weve werent what whats when whens where
  wheres which while who whos whom why whys will with wont would wouldnt you youd youll youre youve your yours
  yourself yourselves also just may might must shall s t`
    .split(/\s+/)
    .filter((word) => word.length > 0),
);

export function isStopWord(normalised: string): boolean {
  return STOP_WORDS.has(normalised);
}
