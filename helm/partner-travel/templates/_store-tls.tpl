{{/*
TLS and credentials of the managed data stores (docs/deploy.md, "Managed services"): each store's PEM files come
from a Secret you manage, mounted read-only at /etc/partner-travel/tls/<store>/ under fixed names, and the
processes are told those paths; passwords come from Secrets as secretKeyRef variables.
*/}}

{{/* The stores one process uses (kafka, redis, mongodb), as a YAML list. Call with (list $ "name"). */}}
{{- define "partner-travel.storesOf" -}}
{{- $entry := index (index . 0).Values.processes (index . 1) -}}
{{- $stores := list -}}
{{- if $entry.kafka -}}{{- $stores = append $stores "kafka" -}}{{- end -}}
{{- if $entry.redis -}}{{- $stores = append $stores "redis" -}}{{- end -}}
{{- if $entry.database -}}{{- $stores = append $stores "mongodb" -}}{{- end -}}
{{- toYaml $stores -}}
{{- end -}}

{{/*
The files of one store's TLS Secret, as a YAML list of {key, path, variable}: the Secret's key, the file name
it is mounted as, and the variable that names the file. Only keys that are set. Call with (list $ "store").
*/}}
{{- define "partner-travel.tlsFiles" -}}
{{- $root := index . 0 -}}
{{- $store := index . 1 -}}
{{- $tls := (index $root.Values $store).tls | default dict -}}
{{- $files := list -}}
{{- if $tls.existingSecret -}}
{{- if eq $store "kafka" -}}
{{- if $tls.caKey -}}{{- $files = append $files (dict "key" $tls.caKey "path" "ca.crt" "variable" "KAFKA_SSL_CA_FILE") -}}{{- end -}}
{{- if and $tls.certKey $tls.keyKey -}}
{{- $files = append $files (dict "key" $tls.certKey "path" "client.crt" "variable" "KAFKA_SSL_CERT_FILE") -}}
{{- $files = append $files (dict "key" $tls.keyKey "path" "client.key" "variable" "KAFKA_SSL_KEY_FILE") -}}
{{- else if or $tls.certKey $tls.keyKey -}}{{- fail "kafka.tls: set both certKey and keyKey (mutual TLS) or neither" -}}
{{- end -}}
{{- else if eq $store "redis" -}}
{{- if $tls.caKey -}}{{- $files = append $files (dict "key" $tls.caKey "path" "ca.crt" "variable" "REDIS_TLS_CA_FILE") -}}{{- end -}}
{{- if and $tls.certKey $tls.keyKey -}}
{{- $files = append $files (dict "key" $tls.certKey "path" "client.crt" "variable" "REDIS_TLS_CERT_FILE") -}}
{{- $files = append $files (dict "key" $tls.keyKey "path" "client.key" "variable" "REDIS_TLS_KEY_FILE") -}}
{{- else if or $tls.certKey $tls.keyKey -}}{{- fail "redis.tls: set both certKey and keyKey or neither" -}}
{{- end -}}
{{- else if eq $store "mongodb" -}}
{{- if $tls.caKey -}}{{- $files = append $files (dict "key" $tls.caKey "path" "ca.crt" "variable" "MONGO_TLS_CA_FILE") -}}{{- end -}}
{{- if $tls.certificateKeyKey -}}{{- $files = append $files (dict "key" $tls.certificateKeyKey "path" "client.pem" "variable" "MONGO_TLS_CERT_KEY_FILE") -}}{{- end -}}
{{- end -}}
{{- end -}}
{{- toYaml $files -}}
{{- end -}}

{{- define "partner-travel.tlsDir" -}}/etc/partner-travel/tls/{{ . }}{{- end -}}

{{/* Adds one process's TLS and SASL settings to its ConfigMap's env dict. Call with (list $ "name" $env). */}}
{{- define "partner-travel.storeTlsEnv" -}}
{{- $root := index . 0 -}}
{{- $env := index . 2 -}}
{{- range $store := include "partner-travel.storesOf" (list $root (index . 1)) | fromYamlArray -}}
{{- range include "partner-travel.tlsFiles" (list $root $store) | fromYamlArray -}}
{{- $_ := set $env .variable (printf "%s/%s" (include "partner-travel.tlsDir" $store) .path) -}}
{{- end -}}
{{- if eq $store "kafka" -}}
{{- $k := $root.Values.kafka -}}
{{- $_ := set $env "KAFKA_SSL" (toString (($k.tls | default dict).enabled | default false)) -}}
{{- $_ := set $env "KAFKA_SASL_MECHANISM" (($k.sasl | default dict).mechanism | default "") -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{/* The credential variables of one process's stores beside their URLs, as a YAML list. Call with (list $ "name"). */}}
{{- define "partner-travel.storeSecretVars" -}}
{{- $root := index . 0 -}}
{{- $v := $root.Values -}}
{{- $vars := list -}}
{{- range $store := include "partner-travel.storesOf" (list $root (index . 1)) | fromYamlArray -}}
{{- if and (eq $store "kafka") ($v.kafka.sasl | default dict).mechanism -}}
{{- $_ := required "kafka.sasl.mechanism is set: set kafka.sasl.existingSecret (the Secret with the username and password)" $v.kafka.sasl.existingSecret -}}
{{- $vars = concat $vars (list "KAFKA_SASL_USERNAME" "KAFKA_SASL_PASSWORD") -}}
{{- else if and (eq $store "redis") ($v.redis.auth | default dict).existingSecret -}}
{{- if $v.redis.auth.usernameKey -}}{{- $vars = append $vars "REDIS_USERNAME" -}}{{- end -}}
{{- $vars = append $vars "REDIS_PASSWORD" -}}
{{- else if and (eq $store "mongodb") ($v.mongodb.auth | default dict).existingSecret -}}
{{- $vars = concat $vars (list "MONGO_USERNAME" "MONGO_PASSWORD") -}}
{{- end -}}
{{- end -}}
{{- toYaml $vars -}}
{{- end -}}

{{/* Where one of those credentials comes from, as a secretKeyRef. Call with (list $ "VARIABLE"). */}}
{{- define "partner-travel.storeSecretRef" -}}
{{- $v := (index . 0).Values -}}
{{- $var := index . 1 -}}
{{- $source := ternary $v.kafka.sasl (ternary $v.redis.auth $v.mongodb.auth (hasPrefix "REDIS_" $var)) (hasPrefix "KAFKA_" $var) -}}
name: {{ $source.existingSecret }}
key: {{ ternary $source.usernameKey $source.passwordKey (hasSuffix "_USERNAME" $var) }}
{{- end -}}

{{/* The read-only mounts of one process's TLS files. Call with (list $ "name"). */}}
{{- define "partner-travel.tlsVolumeMounts" -}}
{{- $root := index . 0 -}}
{{- range $store := include "partner-travel.storesOf" (list $root (index . 1)) | fromYamlArray -}}
{{- if include "partner-travel.tlsFiles" (list $root $store) | fromYamlArray }}
- name: tls-{{ $store }}
  mountPath: {{ include "partner-travel.tlsDir" $store }}
  readOnly: true
{{- end -}}
{{- end -}}
{{- end -}}

{{/* The Secret volumes behind those mounts: only the keys named, under fixed names, readable by the pod's group. */}}
{{- define "partner-travel.tlsVolumes" -}}
{{- $root := index . 0 -}}
{{- range $store := include "partner-travel.storesOf" (list $root (index . 1)) | fromYamlArray -}}
{{- $files := include "partner-travel.tlsFiles" (list $root $store) | fromYamlArray -}}
{{- if $files }}
- name: tls-{{ $store }}
  secret:
    secretName: {{ (index $root.Values $store).tls.existingSecret }}
    defaultMode: 0440
    items:
      {{- range $files }}
      - key: {{ .key }}
        path: {{ .path }}
      {{- end }}
{{- end -}}
{{- end -}}
{{- end -}}
