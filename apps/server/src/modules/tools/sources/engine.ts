import { defineEngine } from '../engines/engine-module.js';
import { type PageText, readHtmlPage } from './page-text.js';

/** Runs in a worker thread: a fetched page's title and text, off the event loop and stoppable by its time limit. */
export default defineEngine<string, PageText>((html) => readHtmlPage(html));
