// What a command run by the Studio tells its parent as it works (over the child's IPC
// channel): how far it is, and why it stopped. The CLI sends these (cli/job-progress.ts),
// server/site-jobs/run-site-job.ts reads them.
export interface JobProgressEvent {
  type: 'progress';
  /** import: reading, importing; export: media, markdown, json; backup: backup. */
  phase: string;
  done?: number;
  total?: number;
  bytes?: number;
}

export interface JobFailureEvent {
  type: 'failure';
  /** The sentence the terminal also prints, naming the problem (and its line). */
  message: string;
}

export type JobEvent = JobProgressEvent | JobFailureEvent;

export type JobReporter = (event: JobEvent) => void;
