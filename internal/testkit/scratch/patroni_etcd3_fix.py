# Runs Debian's Patroni (bookworm: 3.0.2) with upstream's fix of its etcd3
# leader lock backported (patroni/patroni#2689 and #2693, released in 3.0.3;
# ADR 0013). Written next to each node's patroni.yml by internal/testkit/scratch
# (StartPGCluster) and run by /usr/bin/python3 in place of /usr/bin/patroni.
#
# The bug: a leader whose lease expired while it was hung (SIGSTOP, a frozen
# machine) gets a new lease when it resumes and, trusting its cluster view
# from before the hang, PUTs the leader key unconditionally. It takes the
# lock back from the standby promoted meanwhile, which is demoted and
# rewound: every commit acknowledged by the new leader is gone. Measured
# here before the fix, writing through a pool while the leader hung for
# 20 s six times: twice the resumed leader took the lock back, and 390 of
# 7,599 acknowledged writes (203, then 187) were rewound away.
#
# The fix, as upstream: keep the key only while it still names this node
# (compare VALUE), else create it only if nobody holds it (compare
# CREATE_REVISION = 0); otherwise the lock is lost and Patroni demotes.
import sys
import time

from patroni.dcs import Leader, catch_return_false_exception
from patroni.dcs.etcd3 import Etcd3, Etcd3Error, base64_encode
from patroni.version import __version__


@catch_return_false_exception
def _update_leader(self):
    retry = self._retry.copy()

    def _retry(*args, **kwargs):
        kwargs['retry'] = retry
        return retry(*args, **kwargs)

    self._run_and_handle_exceptions(self._do_refresh_lease, True, retry=_retry)
    if not self._lease:
        return False
    cluster = self.cluster
    leader_lease = cluster and isinstance(cluster.leader, Leader) and cluster.leader.session
    if leader_lease == self._lease:
        return True
    retry.deadline = retry.stoptime - time.time()
    if retry.deadline < 1:
        raise Etcd3Error('update_leader timeout')
    key = base64_encode(self.leader_path)
    put = {'request_put': {'key': key, 'value': base64_encode(self._name), 'lease': self._lease}}
    create = {'request_txn': {'compare': [{'key': key, 'target': 'CREATE', 'create_revision': '0'}],
                              'success': [put]}}
    ret = self._run_and_handle_exceptions(
        self._client.call_rpc, '/kv/txn',
        {'compare': [{'key': key, 'target': 'VALUE', 'value': base64_encode(self._name)}],
         'success': [put], 'failure': [create]}, retry=_retry)
    return bool(ret.get('succeeded') or
                ret.get('responses', [{}])[0].get('response_txn', {}).get('succeeded'))


# Patroni 3.0.3 and later have the fix.
if tuple(int(x) for x in __version__.split('.')[:3]) < (3, 0, 3):
    Etcd3._update_leader = _update_leader

if __name__ == '__main__':  # not in the processes multiprocessing spawns
    from patroni.__main__ import main
    sys.argv[0] = 'patroni'
    sys.exit(main())
