#!/usr/bin/env bash
# `npm test`: every test, in two runs of jest.
#  1. The unit tests and most end-to-end suites, two at a time. Each suite's service runs under a Redis key prefix
#     of its own on free ports, and most of their time is spent waiting (process starts, Chromium, timeouts), so two
#     at a time finish sooner on two cores.
#  2. The suites that measure the machine (a share of throughput, latency bounds, CPU time, timings compared), one at
#     a time and alone, since a neighbour's load would be measured with them. A suite that asserts a time or a rate
#     belongs in this list.
# One suite alone: npx jest <path> (it compiles dist/ first, as these runs do).
set -uo pipefail
cd "$(dirname "$0")/.."
# connections.e2e-spec.ts opens 20,000 sockets: the shell's soft limit on open files is raised to the hard one.
ulimit -n "$(ulimit -Hn)" 2>/dev/null || true

ALONE='fair-by-cost|faults|abandoned-work|connections|mcp-limits|recovery|bulk|queue-shards|redis-ha'
alone="/test/(${ALONE})\\.e2e-spec\\.ts\$"

# Both runs run whatever the first gives, so one failure does not hide another; the exit status is the first failure's.
status=0
npx jest --maxWorkers=2 --testPathIgnorePatterns="$alone" || status=$?
npx jest --runInBand --testPathPatterns="$alone" || { s=$?; [ "$status" -ne 0 ] || status=$s; }
exit "$status"
