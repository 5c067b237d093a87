/** The words a tool screen uses for its run, so the shared stages read right for each tool. */
export interface ToolRunCopy {
  /** The editor's label: "Text to analyse". */
  textLabel: string;
  /** The start button: "Analyse". */
  submitLabel: string;
  /** One run, lower case: "analysis", "check". */
  noun: string;
  /** What a run does, lower case: "analyse", "check". */
  verb: string;
  /** The running stage's heading: "Analysing". */
  progressing: string;
}

export const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
