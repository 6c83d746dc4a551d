/**
 * Every metric name this service registers itself (the Grafana dashboard test checks its PromQL against
 * this list plus the default process metrics). Labels are bounded sets: route patterns, status codes, queue
 * names, job names, outcomes; never a key, a job id, a URL or any request data.
 */
export const METRIC = {
  httpDuration: 'hd_http_request_duration_seconds',
  queueJobs: 'hd_queue_jobs',
  workers: 'hd_workers',
  jobDuration: 'hd_job_duration_seconds',
  jobWait: 'hd_job_wait_seconds',
  jobsTotal: 'hd_jobs_total',
  ready: 'hd_ready',
  keyInFlight: 'hd_key_requests_in_flight',
  keysInFlight: 'hd_keys_in_flight',
  outageWaiting: 'hd_requests_waiting_for_redis',
  parked: 'hd_requests_waiting_for_key_turn',
  keyCostInFlight: 'hd_key_cost_in_flight_ms',
  shareWaiting: 'hd_requests_waiting_for_key_share',
  laneRate: 'hd_lane_throughput_ms_per_second',
  jobCostEstimated: 'hd_job_cost_estimated_ms_total',
  jobCostActual: 'hd_job_cost_actual_ms_total',
  jobCostAbandoned: 'hd_job_cost_abandoned_ms_total',
  jobCostSaved: 'hd_job_cost_saved_ms_total',
  groupedRequests: 'hd_grouped_requests_total',
  groupJobs: 'hd_group_jobs_total',
  resultCacheEntries: 'hd_result_cache_entries',
  connectionsOpen: 'hd_http_connections_open',
  connectionsRefused: 'hd_http_connections_refused_total',
  usageCalls: 'hd_usage_calls_total',
} as const;

/** Queue states exported as `hd_queue_jobs{state}`. */
export const QUEUE_STATES = ['waiting', 'active', 'delayed', 'completed', 'failed'] as const;

/** Outcomes of `hd_jobs_total{outcome}`: a caller's input error is not a service failure. */
export const JOB_OUTCOMES = ['completed', 'invalid_input', 'failed'] as const;
