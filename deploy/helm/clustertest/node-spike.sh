#!/usr/bin/env bash
# Spike for issue 27 item 1 ("A node"): a one-node Kubernetes on this machine,
# everything on loopback or on its own bridge, everything stopped and put back
# at the end. Steps (each checked):
#   control plane (etcd, kube-apiserver with Node,RBAC + NodeRestriction,
#   kube-controller-manager, kube-scheduler) -> containerd 1.6 (Debian) with its
#   own root/state/socket and the CRI config of TOOLCHAIN.md -> a locally built
#   image (pause + a tiny HTTP server/DNS client, one static Go binary) imported
#   with ctr -> kubelet registered as system:node:<name> (O=system:nodes) ->
#   node Ready -> Deployment Running -> kube-proxy (iptables mode; nftables with
#   PROXY_MODE=nftables) + CoreDNS on the host, bound to the bridge gateway and
#   reached through the kube-dns Service 10.96.0.10 -> a pod resolves a Service
#   by name and gets an answer through it. SPIKE_NO_SERVICES=1 stops before
#   kube-proxy. Run it under `nice -n 19` on a shared machine.
# Needs: scripts/kube-tools.sh node; apt-get install containerd runc
# containernetworking-plugins; root. Usage: node-spike.sh [--keep] (with --keep
# it waits for Enter before cleaning up).
set -euo pipefail

TOOLS_DIR="${TOOLS_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/trenchless/tools}"
export PATH="$TOOLS_DIR/bin:$PATH"
KEEP="${1:-}"
NODE=spike-node
BRIDGE=trench0
POD_CIDR=10.244.0.0/24
GW=10.244.0.1
SVC_CIDR=10.96.0.0/12
DNS_IP=10.96.0.10
IMAGE=registry.local/spike:v1

D="$(mktemp -d /tmp/node-spike.XXXXXX)"
chmod 755 "$D"
echo "spike: working in $D"
PIDS=()
IPFWD_BEFORE="$(cat /proc/sys/net/ipv4/ip_forward)"
ROUTE_LOCALNET_BEFORE="$(cat /proc/sys/net/ipv4/conf/all/route_localnet)"
# Host directories containerd 1.6 (shim sockets in /run/containerd/s, a fixed
# path; pod netns in /run/netns) and libcni (its result cache) create on their
# own: removed again at the end when they were not there before.
HOST_DIRS=(/run/containerd /var/lib/cni /run/netns)
NEW_DIRS=(); for h in "${HOST_DIRS[@]}"; do [ -e "$h" ] || NEW_DIRS+=("$h"); done
NFT_TABLES_BEFORE="$(nft list tables 2>/dev/null || true)"
NFT_RULESET_BEFORE="$(nft list ruleset 2>/dev/null || true)"
T0=$SECONDS
since() { echo "+$((SECONDS - T0))s"; }

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

start() { # start NAME ARGS...
  local name="$1"; shift
  setsid "$@" >"$D/$name.log" 2>&1 &
  PIDS+=("$!:$name")
  echo "spike: started $name pid $! $(since)"
}

cleanup() {
  set +e
  echo "spike: cleaning up"
  if [ -s "$D/kubeconfig" ] && [ -n "${KUBE_UP:-}" ]; then
    kubectl --kubeconfig "$D/kubeconfig" delete deploy,svc --all --wait=false >/dev/null 2>&1
    kubectl --kubeconfig "$D/kubeconfig" delete pod --all --grace-period=1 --wait=true --timeout=30s >/dev/null 2>&1
  fi
  # remove every CRI sandbox so the CNI DEL runs and netns are released
  if [ -S "$D/containerd.sock" ] && command -v crictl >/dev/null; then
    crictl --runtime-endpoint "unix://$D/containerd.sock" rmp -f -a >/dev/null 2>&1
  fi
  local i entry pid
  for ((i=${#PIDS[@]}-1; i>=0; i--)); do
    entry="${PIDS[$i]}"; pid="${entry%%:*}"
    kill -TERM "$pid" 2>/dev/null
    for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
    kill -KILL "$pid" 2>/dev/null
  done
  # shims left by containerd (own process groups) for this root only
  for p in $(pgrep -f "containerd-shim-runc-v2 .*-address $D/containerd.sock" 2>/dev/null); do kill -KILL "$p" 2>/dev/null; done
  # mounts under the temp dir (kubelet volumes, overlay rootfs, shm)
  for _ in 1 2 3; do
    awk -v d="$D" 'index($2, d) == 1 {print $2}' /proc/mounts | sort -r | while read -r m; do umount -l "$m" 2>/dev/null; done
  done
  ip link del "$BRIDGE" 2>/dev/null
  if [ -n "${PROXY_STARTED:-}" ]; then
    kube-proxy --cleanup >"$D/kube-proxy-cleanup.log" 2>&1
    # --cleanup leaves the (here empty) KUBE-FIREWALL chain kube-proxy made
    # in iptables mode, and iptables-nft leaves its base tables behind.
    if ! grep -q KUBE-FIREWALL <<<"$NFT_RULESET_BEFORE"; then
      for ipt in iptables ip6tables; do
        $ipt -D INPUT -j KUBE-FIREWALL 2>/dev/null; $ipt -D OUTPUT -j KUBE-FIREWALL 2>/dev/null
        $ipt -F KUBE-FIREWALL 2>/dev/null; $ipt -X KUBE-FIREWALL 2>/dev/null
      done
    fi
    nft list tables 2>/dev/null | while read -r _ fam name; do
      grep -qx "table $fam $name" <<<"$NFT_TABLES_BEFORE" && continue
      if ! nft list table "$fam" "$name" | grep -vqE '^\s*(table|chain|type|\}|$)'; then nft delete table "$fam" "$name"; fi
    done
    [ "$(nft list ruleset)" = "$NFT_RULESET_BEFORE" ] || echo "spike: WARNING: nft ruleset differs from before"
  fi
  # cgroups the kubelet made (cgroupfs driver, cgroup v1)
  for c in /sys/fs/cgroup/*/kubepods; do
    [ -d "$c" ] && find "$c" -depth -type d -exec rmdir {} \; 2>/dev/null
  done
  awk -v d="$D" 'index($2, d) == 1' /proc/mounts | grep -q . || rm -rf "$D/containerd" "$D/kubelet" "$D/etcd" "$D/img"
  for h in "${NEW_DIRS[@]}"; do find "$h" -depth -type d -empty -delete 2>/dev/null; done
  echo "$IPFWD_BEFORE" >/proc/sys/net/ipv4/ip_forward
  echo "$ROUTE_LOCALNET_BEFORE" >/proc/sys/net/ipv4/conf/all/route_localnet
  echo "spike: restored ip_forward=$IPFWD_BEFORE route_localnet=$ROUTE_LOCALNET_BEFORE; logs in $D"
}
trap cleanup EXIT

wait_for() { # wait_for WHAT SECONDS CMD...
  local what="$1" secs="$2"; shift 2
  local end=$((SECONDS + secs))
  until "$@" >/dev/null 2>&1; do
    if [ $SECONDS -ge $end ]; then echo "spike: FAIL: $what not ready after ${secs}s"; return 1; fi
    sleep 0.5
  done
  echo "spike: $what ready $(since)"
}

# ---- PKI (openssl) -------------------------------------------------------
pki() {
  cd "$D"
  openssl req -x509 -newkey rsa:2048 -nodes -keyout ca.key -out ca.crt -days 1 -subj /CN=spike-ca 2>/dev/null
  issue() { # issue NAME SUBJ EXT
    openssl req -newkey rsa:2048 -nodes -keyout "$1.key" -out "$1.csr" -subj "$2" 2>/dev/null
    printf '%s\n' "$3" >"$1.ext"
    openssl x509 -req -in "$1.csr" -CA ca.crt -CAkey ca.key -CAcreateserial -out "$1.crt" -days 1 -extfile "$1.ext" 2>/dev/null
  }
  issue server /CN=kube-apiserver "subjectAltName=IP:127.0.0.1,IP:10.96.0.1,DNS:localhost,DNS:kubernetes,DNS:kubernetes.default,DNS:kubernetes.default.svc
extendedKeyUsage=serverAuth"
  issue admin "/O=system:masters/CN=spike-admin" "extendedKeyUsage=clientAuth"
  issue node "/O=system:nodes/CN=system:node:$NODE" "extendedKeyUsage=clientAuth"
  issue proxy "/CN=system:kube-proxy" "extendedKeyUsage=clientAuth"
  issue scheduler "/CN=system:kube-scheduler" "extendedKeyUsage=clientAuth"
  issue kcm "/CN=system:kube-controller-manager" "extendedKeyUsage=clientAuth"
  openssl genrsa -out sa.key 2048 2>/dev/null
  openssl rsa -in sa.key -pubout -out sa.pub 2>/dev/null
  cd - >/dev/null
}
kubeconfig() { # kubeconfig USER -> $D/USER.kubeconfig
  cat >"$D/$1.kubeconfig" <<EOF
apiVersion: v1
kind: Config
current-context: spike
clusters:
- name: spike
  cluster: {server: "https://127.0.0.1:$API_PORT", certificate-authority: "$D/ca.crt"}
users:
- name: u
  user: {client-certificate: "$D/$1.crt", client-key: "$D/$1.key"}
contexts:
- name: spike
  context: {cluster: spike, user: u}
EOF
}

ETCD_PORT=$(free_port); PEER_PORT=$(free_port); METRICS_PORT=$(free_port)
API_PORT=$(free_port); KCM_PORT=$(free_port); SCHED_PORT=$(free_port)
KUBELET_PORT=$(free_port); KUBELET_HZ=$(free_port); PROXY_HZ=$(free_port); PROXY_METRICS=$(free_port)
pki
for u in admin node proxy scheduler kcm; do kubeconfig $u; done
cp "$D/admin.kubeconfig" "$D/kubeconfig"
KC=(--kubeconfig "$D/kubeconfig")

# ---- control plane -------------------------------------------------------
start etcd etcd --name=spike --data-dir="$D/etcd" \
  --listen-client-urls=http://127.0.0.1:$ETCD_PORT --advertise-client-urls=http://127.0.0.1:$ETCD_PORT \
  --listen-peer-urls=http://127.0.0.1:$PEER_PORT --initial-advertise-peer-urls=http://127.0.0.1:$PEER_PORT \
  --initial-cluster=spike=http://127.0.0.1:$PEER_PORT --listen-metrics-urls=http://127.0.0.1:$METRICS_PORT --log-level=warn
wait_for etcd 30 curl -sf http://127.0.0.1:$ETCD_PORT/health
start kube-apiserver kube-apiserver --etcd-servers=http://127.0.0.1:$ETCD_PORT \
  --bind-address=127.0.0.1 --advertise-address=127.0.0.1 --secure-port=$API_PORT \
  --endpoint-reconciler-type=none --service-cluster-ip-range=$SVC_CIDR \
  --authorization-mode=Node,RBAC --client-ca-file="$D/ca.crt" \
  --tls-cert-file="$D/server.crt" --tls-private-key-file="$D/server.key" \
  --kubelet-client-certificate="$D/admin.crt" --kubelet-client-key="$D/admin.key" \
  --kubelet-preferred-address-types=InternalIP \
  --service-account-issuer=https://kubernetes.default.svc --service-account-key-file="$D/sa.pub" \
  --service-account-signing-key-file="$D/sa.key" --enable-admission-plugins=NodeRestriction,PodSecurity \
  --cert-dir="$D/apiserver-certs" --v=0
wait_for kube-apiserver 60 curl -sf --cacert "$D/ca.crt" --cert "$D/admin.crt" --key "$D/admin.key" https://127.0.0.1:$API_PORT/readyz
KUBE_UP=1
start kube-controller-manager kube-controller-manager --kubeconfig="$D/kcm.kubeconfig" --leader-elect=false \
  --bind-address=127.0.0.1 --secure-port=$KCM_PORT --authentication-kubeconfig="$D/kcm.kubeconfig" \
  --authorization-kubeconfig="$D/kcm.kubeconfig" --service-account-private-key-file="$D/sa.key" \
  --root-ca-file="$D/ca.crt" --use-service-account-credentials=true \
  --allocate-node-cidrs=false --v=0
start kube-scheduler kube-scheduler --kubeconfig="$D/scheduler.kubeconfig" --leader-elect=false \
  --bind-address=127.0.0.1 --secure-port=$SCHED_PORT \
  --authentication-kubeconfig="$D/scheduler.kubeconfig" --authorization-kubeconfig="$D/scheduler.kubeconfig" --v=0

# ---- image: one static binary, pause by default --------------------------
mkdir -p "$D/img/src" "$D/img/rootfs" "$D/img/oci/blobs/sha256"
cat >"$D/img/src/main.go" <<'EOF'
// Command spike: pause (default), `serve ADDR` (HTTP, answers its hostname),
// `get URL` (resolve + GET, prints the body; exit 1 on failure).
package main

import (
	"fmt"
	"io"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"
)

func main() {
	if len(os.Args) > 2 && os.Args[1] == "serve" {
		h, _ := os.Hostname()
		http.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) { fmt.Fprintf(w, "hello from %s\n", h) })
		fmt.Println(http.ListenAndServe(os.Args[2], nil))
		os.Exit(1)
	}
	if len(os.Args) > 2 && os.Args[1] == "get" {
		c := &http.Client{Timeout: 5 * time.Second}
		r, err := c.Get(os.Args[2])
		if err != nil {
			fmt.Println("error:", err)
			os.Exit(1)
		}
		b, _ := io.ReadAll(r.Body)
		fmt.Printf("%s %s", r.Status, b)
		return
	}
	// pause: wait for a signal, reap children (we may be PID 1)
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, syscall.SIGINT, syscall.SIGTERM, syscall.SIGCHLD)
	for s := range ch {
		if s == syscall.SIGCHLD {
			for {
				var ws syscall.WaitStatus
				if pid, _ := syscall.Wait4(-1, &ws, syscall.WNOHANG, nil); pid <= 0 {
					break
				}
			}
			continue
		}
		return
	}
}
EOF
( cd "$D/img/src" && printf 'module spike\n\ngo 1.24\n' >go.mod && CGO_ENABLED=0 go build -trimpath -ldflags '-s -w' -o "$D/img/rootfs/spike" . )
mkdir -p "$D/img/rootfs/etc" "$D/img/rootfs/tmp"
tar -C "$D/img/rootfs" --owner=0 --group=0 --numeric-owner --mtime=@0 -cf "$D/img/layer.tar" .
blob() { local s; s=$(sha256sum "$1" | cut -d' ' -f1); cp "$1" "$D/img/oci/blobs/sha256/$s"; echo "$s $(stat -c %s "$1")"; }
read -r LAYER LAYER_SIZE < <(blob "$D/img/layer.tar")
printf '{"architecture":"amd64","os":"linux","config":{"Entrypoint":["/spike"],"User":"65532:65532"},"rootfs":{"type":"layers","diff_ids":["sha256:%s"]}}' "$LAYER" >"$D/img/config.json"
read -r CONFIG CONFIG_SIZE < <(blob "$D/img/config.json")
printf '{"schemaVersion":2,"mediaType":"application/vnd.oci.image.manifest.v1+json","config":{"mediaType":"application/vnd.oci.image.config.v1+json","digest":"sha256:%s","size":%s},"layers":[{"mediaType":"application/vnd.oci.image.layer.v1.tar","digest":"sha256:%s","size":%s}]}' \
  "$CONFIG" "$CONFIG_SIZE" "$LAYER" "$LAYER_SIZE" >"$D/img/manifest.json"
read -r MANIFEST MANIFEST_SIZE < <(blob "$D/img/manifest.json")
printf '{"schemaVersion":2,"manifests":[{"mediaType":"application/vnd.oci.image.manifest.v1+json","digest":"sha256:%s","size":%s,"annotations":{"io.containerd.image.name":"%s","org.opencontainers.image.ref.name":"v1"}}]}' \
  "$MANIFEST" "$MANIFEST_SIZE" "$IMAGE" >"$D/img/oci/index.json"
echo '{"imageLayoutVersion":"1.0.0"}' >"$D/img/oci/oci-layout"
tar -C "$D/img/oci" -cf "$D/img/image.tar" .
echo "spike: image built $(since)"

# ---- containerd ----------------------------------------------------------
# The bridge is made here (the CNI bridge plugin adopts it) so that the node
# has a non-loopback address of its own for the kubelet (a loopback node IP is
# refused) and CoreDNS can bind the gateway before the first pod.
ip link add "$BRIDGE" type bridge
ip addr add "$GW/24" dev "$BRIDGE"
ip link set "$BRIDGE" up
mkdir -p "$D/cni" "$D/containerd"
cat >"$D/cni/10-spike.conflist" <<EOF
{"cniVersion":"0.4.0","name":"spike","plugins":[
 {"type":"bridge","bridge":"$BRIDGE","isGateway":true,"ipMasq":false,"hairpinMode":true,
  "ipam":{"type":"host-local","ranges":[[{"subnet":"$POD_CIDR","gateway":"$GW"}]],"routes":[{"dst":"0.0.0.0/0"}],"dataDir":"$D/cni-ipam"}},
 {"type":"portmap","capabilities":{"portMappings":true}}
]}
EOF
cat >"$D/containerd.toml" <<EOF
version = 2
root = "$D/containerd/root"
state = "$D/containerd/state"
[grpc]
  address = "$D/containerd.sock"
[ttrpc]
  address = "$D/containerd-ttrpc.sock"
[plugins."io.containerd.internal.v1.opt"]
  path = "$D/containerd/opt"
[plugins."io.containerd.grpc.v1.cri"]
  sandbox_image = "$IMAGE"
  restrict_oom_score_adj = true
  disable_apparmor = true
  enable_selinux = false
  [plugins."io.containerd.grpc.v1.cri".containerd]
    default_runtime_name = "runc"
    [plugins."io.containerd.grpc.v1.cri".containerd.runtimes.runc]
      runtime_type = "io.containerd.runc.v2"
      [plugins."io.containerd.grpc.v1.cri".containerd.runtimes.runc.options]
        SystemdCgroup = false
        Root = "$D/runc"
  [plugins."io.containerd.grpc.v1.cri".cni]
    bin_dir = "/usr/lib/cni"
    conf_dir = "$D/cni"
EOF
start containerd containerd --config "$D/containerd.toml"
wait_for containerd 30 ctr -a "$D/containerd.sock" version
ctr -a "$D/containerd.sock" -n k8s.io images import "$D/img/image.tar"
ctr -a "$D/containerd.sock" -n k8s.io images ls -q

# ---- kubelet -------------------------------------------------------------
cat >"$D/kubelet.yaml" <<EOF
apiVersion: kubelet.config.k8s.io/v1beta1
kind: KubeletConfiguration
failCgroupV1: false
cgroupDriver: cgroupfs
containerRuntimeEndpoint: unix://$D/containerd.sock
oomScoreAdj: 0
failSwapOn: false
makeIPTablesUtilChains: false
localStorageCapacityIsolation: false
resolvConf: ""
evictionHard: {}
address: $GW
port: $KUBELET_PORT
healthzBindAddress: 127.0.0.1
healthzPort: $KUBELET_HZ
readOnlyPort: 0
clusterDNS: [$DNS_IP]
clusterDomain: cluster.local
authentication:
  anonymous: {enabled: false}
  webhook: {enabled: true}
  x509: {clientCAFile: $D/ca.crt}
authorization: {mode: Webhook}
podCIDR: $POD_CIDR
serializeImagePulls: false
EOF
start kubelet kubelet --config="$D/kubelet.yaml" --kubeconfig="$D/node.kubeconfig" \
  --hostname-override=$NODE --node-ip=$GW --root-dir="$D/kubelet" --cert-dir="$D/kubelet-pki" --v=1
wait_for "node registered" 60 kubectl "${KC[@]}" get node $NODE
wait_for "node Ready" 90 kubectl "${KC[@]}" wait --for=condition=Ready node/$NODE --timeout=2s
kubectl "${KC[@]}" get nodes -o wide

# ---- a Deployment --------------------------------------------------------
wait_for "default ServiceAccount" 30 kubectl "${KC[@]}" get sa default
kubectl "${KC[@]}" apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata: {name: web}
spec:
  replicas: 2
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      securityContext: {runAsNonRoot: true, runAsUser: 65532, runAsGroup: 65532}
      containers:
      - name: web
        image: $IMAGE
        imagePullPolicy: Never
        args: [serve, ":8080"]
        ports: [{name: http, containerPort: 8080}]
        readinessProbe: {httpGet: {path: /, port: http}, periodSeconds: 2}
        securityContext: {readOnlyRootFilesystem: true, allowPrivilegeEscalation: false, capabilities: {drop: [ALL]}}
        resources: {requests: {cpu: 10m, memory: 16Mi}, limits: {cpu: 100m, memory: 32Mi}}
---
apiVersion: v1
kind: Service
metadata: {name: web}
spec:
  selector: {app: web}
  ports: [{name: http, port: 80, targetPort: http}]
EOF
wait_for "Deployment web available" 120 kubectl "${KC[@]}" wait --for=condition=Available deploy/web --timeout=2s
kubectl "${KC[@]}" get pods -o wide
crictl --runtime-endpoint "unix://$D/containerd.sock" ps
for ip in $(kubectl "${KC[@]}" get pods -l app=web -o jsonpath='{.items[*].status.podIP}'); do
  echo "spike: from host GET http://$ip:8080/ -> $(curl -sS --max-time 3 http://$ip:8080/)"
done

# ---- kube-proxy + CoreDNS ------------------------------------------------
if [ "${SPIKE_NO_SERVICES:-}" = "" ]; then
  kubectl "${KC[@]}" create clusterrolebinding spike-proxy --clusterrole=system:node-proxier --user=system:kube-proxy >/dev/null
  cat >"$D/kube-proxy.yaml" <<EOF
apiVersion: kubeproxy.config.k8s.io/v1alpha1
kind: KubeProxyConfiguration
mode: ${PROXY_MODE:-iptables}
clientConnection: {kubeconfig: $D/proxy.kubeconfig}
hostnameOverride: $NODE
bindAddress: 127.0.0.1
healthzBindAddress: 127.0.0.1:$PROXY_HZ
metricsBindAddress: 127.0.0.1:$PROXY_METRICS
clusterCIDR: $POD_CIDR
nodePortAddresses: ["$GW/32"]
conntrack: {maxPerCore: 0, min: 0, tcpEstablishedTimeout: 0s, tcpCloseWaitTimeout: 0s, udpTimeout: 0s, udpStreamTimeout: 0s}
oomScoreAdj: 0
EOF
  PROXY_STARTED=1
  start kube-proxy kube-proxy --config="$D/kube-proxy.yaml" --v=1
  wait_for kube-proxy 30 curl -sf http://127.0.0.1:$PROXY_HZ/healthz
  SVC_IP=$(kubectl "${KC[@]}" get svc web -o jsonpath='{.spec.clusterIP}')
  echo "spike: from host GET http://$SVC_IP/ -> $(curl -sS --max-time 3 http://$SVC_IP/ || true)"

  # CoreDNS on the host, on the bridge gateway (the API server is on loopback,
  # which a pod cannot reach), reading Services with its own identity.
  kubectl "${KC[@]}" create clusterrole spike-coredns --verb=list,watch --resource=endpoints,endpointslices.discovery.k8s.io,services,pods,namespaces >/dev/null
  kubectl "${KC[@]}" create clusterrolebinding spike-coredns --clusterrole=spike-coredns --user=system:kube-proxy >/dev/null
  cat >"$D/Corefile" <<EOF
.:53 {
    bind $GW
    errors
    kubernetes cluster.local in-addr.arpa ip6.arpa {
        kubeconfig $D/proxy.kubeconfig spike
        pods insecure
        fallthrough in-addr.arpa ip6.arpa
    }
    health 127.0.0.1:$(free_port)
}
EOF
  start coredns coredns -conf "$D/Corefile"
  # The cluster DNS address pods get (kubelet clusterDNS) is a Service whose
  # one endpoint is CoreDNS on the gateway: kube-proxy forwards it.
  kubectl "${KC[@]}" apply -f - <<EOF
apiVersion: v1
kind: Service
metadata: {name: kube-dns, namespace: kube-system}
spec:
  clusterIP: $DNS_IP
  ports: [{name: dns, port: 53, protocol: UDP}, {name: dns-tcp, port: 53, protocol: TCP}]
---
apiVersion: discovery.k8s.io/v1
kind: EndpointSlice
metadata: {name: kube-dns-host, namespace: kube-system, labels: {kubernetes.io/service-name: kube-dns}}
addressType: IPv4
endpoints: [{addresses: ["$GW"], conditions: {ready: true}}]
ports: [{name: dns, port: 53, protocol: UDP}, {name: dns-tcp, port: 53, protocol: TCP}]
EOF
  wait_for "CoreDNS answers" 30 bash -c "python3 - <<'PY'
import socket,struct,sys
q=struct.pack('>HHHHHH',1,0x100,1,0,0,0)+b''.join(bytes([len(p)])+p.encode() for p in 'web.default.svc.cluster.local'.split('.'))+b'\0'+struct.pack('>HH',1,1)
s=socket.socket(socket.AF_INET,socket.SOCK_DGRAM); s.settimeout(1); s.sendto(q,('$DNS_IP',53)); r=s.recv(512)
sys.exit(0 if struct.unpack('>H',r[6:8])[0]>0 else 1)
PY"
  kubectl "${KC[@]}" run client --image=$IMAGE --image-pull-policy=Never --restart=Never \
    --overrides='{"spec":{"securityContext":{"runAsNonRoot":true,"runAsUser":65532},"containers":[{"name":"client","image":"'$IMAGE'","imagePullPolicy":"Never","args":["get","http://web.default.svc.cluster.local/"],"securityContext":{"readOnlyRootFilesystem":true}}]}}' \
    -- get http://web.default.svc.cluster.local/ >/dev/null
  wait_for "client pod done" 60 bash -c "kubectl ${KC[*]} get pod client -o jsonpath='{.status.phase}' | grep -Eq 'Succeeded|Failed'"
  echo "spike: client pod phase $(kubectl "${KC[@]}" get pod client -o jsonpath='{.status.phase}'), log: $(kubectl "${KC[@]}" logs client 2>&1)"
  echo "spike: pod resolv.conf: $(cat "$D"/containerd/root/io.containerd.grpc.v1.cri/sandboxes/*/resolv.conf 2>/dev/null | sort -u | tr '\n' ' ')"
  echo "spike: the client ran as: $(crictl --runtime-endpoint "unix://$D/containerd.sock" inspect "$(crictl --runtime-endpoint "unix://$D/containerd.sock" ps -a -q --name client 2>/dev/null | head -1)" 2>/dev/null | python3 -c 'import json,sys; s=json.load(sys.stdin)["info"]["runtimeSpec"]; print("uid", s["process"]["user"]["uid"], "readonlyRoot", s["root"].get("readonly", False), "oomScoreAdj", s["process"].get("oomScoreAdj"))' 2>&1)"
fi

echo "spike: done $(since)"
if [ "$KEEP" = --keep ]; then echo "spike: KUBECONFIG=$D/kubeconfig; Enter to clean up"; read -r _; fi
