/**
 * A heavy job's answer travels by reference. BullMQ writes a job's return value twice (into the job's hash, where it
 * is kept for repeats, and into the queue's events stream), and every API process reading that stream decodes and
 * parses every completed event, its own jobs' and the other replicas' alike. A heavy answer is large (a PNG or a
 * year's transit calendar 100-300 KB, ten years of ingresses 1.6 MB): about 11 ms of an API process's CPU per
 * ten-year ingresses answer went to the event (its decoding and BullMQ's JSON.parse) and the collections that
 * followed. So the heavy worker writes the answer into a field of the job's own hash and returns only this marker;
 * the one API process that waits for the job reads the field. The field goes with the hash when BullMQ removes the
 * job (queue/retention.ts), so a kept result keeps answering repeats for exactly as long as before. An API process
 * of a release before this one would answer the marker itself: a rolling update replaces the API processes first.
 */

/** The job hash's field that holds a heavy job's answer. */
export const RESULT_FIELD = 'hd:answer';

/** What a heavy job returns to BullMQ: "the answer is in my hash" (a control character no answer starts with). */
export const ANSWER_IN_JOB_HASH = '\u0000hd:answer-in-job-hash';
