{{/*
Mutual TLS between processes (docs/caller-trust.md): each process proves who it is with a certificate naming it
`<peer>.peers.partner-travel`, in a Secret of its own (ca.crt, tls.crt, tls.key) mounted read-only at
/etc/partner-travel/peer-tls/. The gateway also mounts its provider webhook route's (`payment-webhooks`) at
/etc/partner-travel/payment-webhooks-tls/. peerTls.mode: `generate` (the chart's CA, peer-tls.yaml) or
`existing` (Secrets <existingSecretPrefix><peer> that you or cert-manager keep).
*/}}

{{/*
The peers with a certificate: every enabled process but the web ones (the console calls no service), and the
webhook route beside an enabled gateway.
*/}}
{{- define "partner-travel.tlsPeers" -}}
{{- $web := include "partner-travel.webProcesses" . | fromYamlArray -}}
{{- $peers := list -}}
{{- range $name := include "partner-travel.enabledProcesses" . | fromYamlArray -}}
{{- if not (has $name $web) -}}{{- $peers = append $peers $name -}}{{- end -}}
{{- end -}}
{{- if has "gateway" $peers -}}{{- $peers = append $peers "payment-webhooks" -}}{{- end -}}
{{- toYaml $peers -}}
{{- end -}}

{{/* The Secret of one peer's certificate. Call with (list $ "peer"). */}}
{{- define "partner-travel.peerTlsSecret" -}}
{{- $root := index . 0 -}}
{{- $t := $root.Values.peerTls -}}
{{- if eq $t.mode "existing" -}}
{{- required "peerTls.mode existing: set peerTls.existingSecretPrefix (Secrets <prefix><process>)" $t.existingSecretPrefix -}}{{ index . 1 }}
{{- else -}}
{{- printf "%s-peer-tls-%s" (include "partner-travel.fullname" $root) (index . 1) | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}

{{/* The certificate folders of one process: {variable, peer, path}, as a YAML list. Call with (list $ "name"). */}}
{{- define "partner-travel.peerTlsMounts" -}}
{{- $mounts := list (dict "variable" "GRPC_TLS_DIR" "peer" (index . 1) "path" "/etc/partner-travel/peer-tls") -}}
{{- if eq (index (index . 0).Values.processes (index . 1)).kind "web" -}}{{- $mounts = list -}}{{- end -}}
{{- if eq (index . 1) "gateway" -}}
{{- $mounts = append $mounts (dict "variable" "PAYMENT_WEBHOOKS_TLS_DIR" "peer" "payment-webhooks" "path" "/etc/partner-travel/payment-webhooks-tls") -}}
{{- end -}}
{{- toYaml $mounts -}}
{{- end -}}

{{/* Adds one process's certificate folders and probe port to its ConfigMap's env dict. Call with (list $ "name" $env). */}}
{{- define "partner-travel.peerTlsEnv" -}}
{{- $root := index . 0 -}}
{{- $env := index . 2 -}}
{{- range include "partner-travel.peerTlsMounts" (list $root (index . 1)) | fromYamlArray -}}
{{- $_ := set $env .variable .path -}}
{{- end -}}
{{- if eq (index $root.Values.processes (index . 1)).kind "grpc" -}}
{{- $_ := set $env "GRPC_PROBE_PORT" (int64 $root.Values.grpc.probePort | toString) -}}
{{- end -}}
{{- end -}}

{{/* The read-only mounts of one process's certificates. Call with (list $ "name"). */}}
{{- define "partner-travel.peerTlsVolumeMounts" -}}
{{- range include "partner-travel.peerTlsMounts" . | fromYamlArray }}
- name: peer-tls-{{ .peer }}
  mountPath: {{ .path }}
  readOnly: true
{{- end -}}
{{- end -}}

{{/*
The Secret volumes behind those mounts, readable by the pod's group (fsGroup). Mounted whole (no subPath), so a
renewed certificate reaches the running process, which reads its files again each minute.
*/}}
{{- define "partner-travel.peerTlsVolumes" -}}
{{- $root := index . 0 -}}
{{- range include "partner-travel.peerTlsMounts" . | fromYamlArray }}
- name: peer-tls-{{ .peer }}
  secret:
    secretName: {{ include "partner-travel.peerTlsSecret" (list $root .peer) }}
    defaultMode: 0440
    items:
      - key: ca.crt
        path: ca.crt
      - key: tls.crt
        path: tls.crt
      - key: tls.key
        path: tls.key
{{- end -}}
{{- end -}}
