{{/* Names, labels and the per-process pieces every template shares. */}}

{{- define "partner-travel.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "partner-travel.fullname" -}}
{{- if .Values.fullnameOverride -}}
{{- .Values.fullnameOverride | trunc 50 | trimSuffix "-" -}}
{{- else -}}
{{- $name := default .Chart.Name .Values.nameOverride -}}
{{- if contains $name .Release.Name -}}
{{- .Release.Name | trunc 50 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name $name | trunc 50 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{/* The name of one process's Deployment, Service, ConfigMap...: <fullname>-<process>. Call with (list $ "name"). */}}
{{- define "partner-travel.processName" -}}
{{- $root := index . 0 -}}
{{- printf "%s-%s" (include "partner-travel.fullname" $root) (index . 1) | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/*
The headless Service of a grpc process (`clusterIP: None`: its DNS name answers every ready pod's address, so
clients balance over the pods): <processName>-headless. Call with (list $ "name").
*/}}
{{- define "partner-travel.headlessName" -}}
{{- printf "%s-headless" (include "partner-travel.processName" . | trunc 54 | trimSuffix "-") -}}
{{- end -}}

{{- define "partner-travel.chart" -}}
{{- printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "partner-travel.labels" -}}
helm.sh/chart: {{ include "partner-travel.chart" . }}
app.kubernetes.io/name: {{ include "partner-travel.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
app.kubernetes.io/part-of: partner-travel
{{- end -}}

{{/* Selector labels of one process. Call with (list $ "name"). */}}
{{- define "partner-travel.selectorLabels" -}}
{{- $root := index . 0 -}}
app.kubernetes.io/name: {{ include "partner-travel.name" $root }}
app.kubernetes.io/instance: {{ $root.Release.Name }}
app.kubernetes.io/component: {{ index . 1 }}
{{- end -}}

{{- define "partner-travel.processLabels" -}}
{{ include "partner-travel.labels" (index . 0) }}
app.kubernetes.io/component: {{ index . 1 }}
{{- end -}}

{{- define "partner-travel.serviceAccountName" -}}
{{- if .Values.serviceAccount.create -}}
{{- default (include "partner-travel.fullname" .) .Values.serviceAccount.name -}}
{{- else -}}
{{- default "default" .Values.serviceAccount.name -}}
{{- end -}}
{{- end -}}

{{/*
One process's settings: the chart's `defaults` overlaid with its own entry, as YAML (read back with fromYaml).
Call with (list $ "name").
*/}}
{{- define "partner-travel.process" -}}
{{- $root := index . 0 -}}
{{- $entry := index $root.Values.processes (index . 1) -}}
{{- mergeOverwrite (deepCopy $root.Values.defaults) (deepCopy $entry) | toYaml -}}
{{- end -}}

{{/* Names of the enabled processes, sorted, as a YAML list. */}}
{{- define "partner-travel.enabledProcesses" -}}
{{- $names := list -}}
{{- range $name, $entry := .Values.processes -}}
{{- if or (not (hasKey $entry "enabled")) $entry.enabled -}}{{- $names = append $names $name -}}{{- end -}}
{{- end -}}
{{- toYaml (sortAlpha $names) -}}
{{- end -}}

{{/* The services a process calls, as a YAML list: its `peers`, or every enabled grpc process for `all`. Call with (list $ "name"). */}}
{{- define "partner-travel.peers" -}}
{{- $root := index . 0 -}}
{{- $self := index . 1 -}}
{{- $peers := (index $root.Values.processes $self).peers | default list -}}
{{- $out := list -}}
{{- if kindIs "string" $peers -}}
{{- range $name, $entry := $root.Values.processes -}}
{{- if and (or (not (hasKey $entry "enabled")) $entry.enabled) (eq $entry.kind "grpc") (ne $name $self) -}}{{- $out = append $out $name -}}{{- end -}}
{{- end -}}
{{- else -}}
{{- range $peers -}}
{{- $peer := index $root.Values.processes . -}}
{{- if not $peer -}}{{- fail (printf "processes.%s.peers names %q, which is not a process" $self .) -}}{{- end -}}
{{- if or (not (hasKey $peer "enabled")) $peer.enabled -}}{{- $out = append $out . -}}{{- end -}}
{{- end -}}
{{- end -}}
{{- toYaml (sortAlpha $out) -}}
{{- end -}}

{{/* The image of one process: <repository>/<name>:<tag>, or its own image entry. Call with (list $ "name"). */}}
{{- define "partner-travel.image" -}}
{{- $root := index . 0 -}}
{{- $name := index . 1 -}}
{{- $own := (index $root.Values.processes $name).image | default dict -}}
{{- $repository := $own.repository | default (printf "%s/%s" $root.Values.image.repository $name) -}}
{{- $tag := $own.tag | default $root.Values.image.tag | default $root.Chart.AppVersion | toString -}}
{{- if eq $tag "latest" -}}{{- fail (printf "the image tag of %s is `latest`: pin a version" $name) -}}{{- end -}}
{{- printf "%s:%s" $repository $tag -}}
{{- end -}}

{{/*
Where one credential comes from, as a secretKeyRef: a Secret you manage (existingSecret) or the chart's.
Call with (list $ "VARIABLE" "process"), or (list $ "VARIABLE" "process" "secret") to name the chart's Secret
(the migration hook's own). Fails with the value to set when the credential is missing.
*/}}
{{- define "partner-travel.secretRef" -}}
{{- $root := index . 0 -}}
{{- $var := index . 1 -}}
{{- $process := index . 2 -}}
{{- $v := $root.Values -}}
{{- $chartSecret := include "partner-travel.fullname" $root -}}
{{- if gt (len .) 3 -}}{{- $chartSecret = index . 3 -}}{{- end -}}
{{- if eq $var "MONGO_URL" -}}
{{- $own := (index $v.processes $process).mongodb | default dict -}}
{{- if $own.existingSecret -}}
name: {{ $own.existingSecret }}
key: {{ $own.existingSecretKey | default "MONGO_URL" }}
{{- else if $own.url -}}
name: {{ $chartSecret }}
key: {{ printf "MONGO_URL_%s" ($process | upper | replace "-" "_") }}
{{- else if $v.mongodb.existingSecret -}}
name: {{ $v.mongodb.existingSecret }}
key: {{ $v.mongodb.existingSecretKey }}
{{- else -}}
{{- $_ := required (printf "%s needs MongoDB: set mongodb.url or mongodb.existingSecret" $process) $v.mongodb.url -}}
name: {{ $chartSecret }}
key: MONGO_URL
{{- end -}}
{{- else if eq $var "REDIS_URL" -}}
{{- if $v.redis.existingSecret -}}
name: {{ $v.redis.existingSecret }}
key: {{ $v.redis.existingSecretKey }}
{{- else -}}
{{- $_ := required (printf "%s needs Redis: set redis.url or redis.existingSecret" $process) $v.redis.url -}}
name: {{ $chartSecret }}
key: REDIS_URL
{{- end -}}
{{- else if or (eq $var "OFFER_TOKEN_PRIVATE_KEY") (eq $var "OFFER_TOKEN_PUBLIC_KEY") -}}
{{- $private := eq $var "OFFER_TOKEN_PRIVATE_KEY" -}}
{{- if $v.offerTokens.existingSecret -}}
name: {{ $v.offerTokens.existingSecret }}
key: {{ ternary $v.offerTokens.privateKeyKey $v.offerTokens.publicKeyKey $private }}
{{- else -}}
{{- $_ := required (printf "%s needs the offer-token %s key: set offerTokens.%s or offerTokens.existingSecret" $process (ternary "private" "public" $private) (ternary "privateKey" "publicKey" $private)) (ternary $v.offerTokens.privateKey $v.offerTokens.publicKey $private) -}}
name: {{ $chartSecret }}
key: {{ $var }}
{{- end -}}
{{- else if eq $var "ADMIN_PASSWORD" -}}
{{- if $v.admin.existingSecret -}}
name: {{ $v.admin.existingSecret }}
key: {{ $v.admin.existingSecretKey }}
{{- else -}}
{{- $_ := required (printf "%s needs the first administrator's password: set admin.password or admin.existingSecret" $process) $v.admin.password -}}
name: {{ $chartSecret }}
key: ADMIN_PASSWORD
{{- end -}}
{{- else if has $var (list "KAFKA_SASL_USERNAME" "KAFKA_SASL_PASSWORD" "REDIS_USERNAME" "REDIS_PASSWORD" "MONGO_USERNAME" "MONGO_PASSWORD") -}}
{{- include "partner-travel.storeSecretRef" (list $root $var) -}}
{{- else if hasKey $v.credentials $var -}}
{{- $credential := index $v.credentials $var -}}
{{- if $credential.existingSecret -}}
name: {{ $credential.existingSecret }}
key: {{ $credential.key | default $var }}
{{- else -}}
{{- $_ := required (printf "%s needs %s: set credentials.%s.value or credentials.%s.existingSecret" $process $var $var $var) $credential.value -}}
name: {{ $chartSecret }}
key: {{ $var }}
{{- end -}}
{{- else -}}
{{- fail (printf "processes.%s.secretEnv names %q: add it under credentials (or use OFFER_TOKEN_PRIVATE_KEY, OFFER_TOKEN_PUBLIC_KEY, ADMIN_PASSWORD)" $process $var) -}}
{{- end -}}
{{- end -}}

{{/* Every credential variable one process reads, as a YAML list. Call with (list $ "name"). */}}
{{- define "partner-travel.secretVars" -}}
{{- $root := index . 0 -}}
{{- $entry := index $root.Values.processes (index . 1) -}}
{{- $vars := list -}}
{{- if $entry.database -}}{{- $vars = append $vars "MONGO_URL" -}}{{- end -}}
{{- if $entry.redis -}}{{- $vars = append $vars "REDIS_URL" -}}{{- end -}}
{{- range ($entry.secretEnv | default list) -}}{{- $vars = append $vars . -}}{{- end -}}
{{- /* Data store credentials beside their URLs (_store-tls.tpl). */ -}}
{{- $vars = concat $vars (include "partner-travel.storeSecretVars" (list $root (index . 1)) | fromYamlArray) -}}
{{- toYaml $vars -}}
{{- end -}}

{{/* The plain environment of one process (its ConfigMap's data), as YAML. Call with (list $ "name"). */}}
{{- define "partner-travel.configEnv" -}}
{{- $root := index . 0 -}}
{{- $name := index . 1 -}}
{{- $v := $root.Values -}}
{{- $entry := index $v.processes $name -}}
{{- $settings := $entry.settings | default list -}}
{{- $env := dict "NODE_ENV" $v.nodeEnv "LOG_LEVEL" $v.logLevel -}}
{{- $_ := set $env "OTEL_EXPORTER_OTLP_ENDPOINT" (($v.tracing | default dict).otlpEndpoint | default "") -}}
{{- if or (eq $entry.kind "http") (eq $entry.kind "web") -}}
{{- $_ := set $env "HTTP_HOST" "0.0.0.0" -}}
{{- $_ := set $env "HTTP_PORT" (int64 $entry.port | toString) -}}
{{- else -}}
{{- $_ := set $env "GRPC_HOST" "0.0.0.0" -}}
{{- $_ := set $env "GRPC_PORT" (int64 $entry.port | toString) -}}
{{- end -}}
{{- if $v.metrics.enabled -}}
{{- $_ := set $env "METRICS_HOST" "0.0.0.0" -}}
{{- $_ := set $env "METRICS_PORT" (include "partner-travel.metricsPort" (list $root $name)) -}}
{{- else -}}
{{- $_ := set $env "METRICS_ENABLED" "false" -}}
{{- end -}}
{{- if $entry.database -}}
{{- $_ := set $env "MONGO_DATABASE" (printf "%s%s" $v.mongodb.databasePrefix $entry.database) -}}
{{- $_ := set $env "MONGO_MAX_POOL_SIZE" (int64 $v.mongodb.maxPoolSize | toString) -}}
{{- $_ := set $env "MONGO_WAIT_MS" (int64 $v.mongodb.waitMs | toString) -}}
{{- $_ := set $env "MONGO_TIMEOUT_MS" (int64 $v.mongodb.timeoutMs | toString) -}}
{{- end -}}
{{- if $entry.kafka -}}
{{- if not $v.kafka.brokers -}}{{- fail (printf "%s needs Kafka: set kafka.brokers (host:port list)" $name) -}}{{- end -}}
{{- $_ := set $env "KAFKA_BROKERS" (join "," $v.kafka.brokers) -}}
{{- $_ := set $env "KAFKA_NAMESPACE" $v.kafka.namespace -}}
{{- $_ := set $env "KAFKA_TOPIC_PARTITIONS" (int64 $v.kafka.topicPartitions | toString) -}}
{{- $_ := set $env "KAFKA_REPLICATION_FACTOR" (int64 $v.kafka.replicationFactor | toString) -}}
{{- $_ := set $env "KAFKA_PROCESSED_IDS_DAYS" (int64 $v.kafka.processedIdsDays | toString) -}}
{{- $_ := set $env "KAFKA_PARKED_RESOLVED_DAYS" (int64 $v.kafka.parkedResolvedDays | toString) -}}
{{- end -}}
{{- if $entry.redis -}}
{{- $_ := set $env "RATE_LIMIT_PREFIX" $v.redis.keyPrefix -}}
{{- end -}}
{{- /* TLS and SASL of the data stores (_store-tls.tpl). */ -}}
{{- $_ := include "partner-travel.storeTlsEnv" (list $root $name $env) -}}
{{- /* Its own certificate, and a service's plaintext probe port (_peer-tls.tpl). */ -}}
{{- $_ := include "partner-travel.peerTlsEnv" (list $root $name $env) -}}
{{- $peers := include "partner-travel.peers" (list $root $name) | fromYamlArray -}}
{{- range $peers -}}
{{- $peer := index $v.processes . -}}
{{- $_ := set $env (printf "%s_ADDRESS" (. | upper | replace "-" "_")) (printf "dns:///%s:%d" (include "partner-travel.headlessName" (list $root .)) (int64 $peer.port)) -}}
{{- end -}}
{{- if or (eq $entry.kind "grpc") $peers -}}
{{- $_ := set $env "GRPC_KEEPALIVE_TIME_MS" (int64 $v.grpc.keepaliveTimeMs | toString) -}}
{{- $_ := set $env "GRPC_KEEPALIVE_TIMEOUT_MS" (int64 $v.grpc.keepaliveTimeoutMs | toString) -}}
{{- end -}}
{{- if eq $entry.kind "grpc" -}}
{{- $_ := set $env "GRPC_MAX_CONNECTION_AGE_MS" (int64 $v.grpc.maxConnectionAgeMs | toString) -}}
{{- $_ := set $env "GRPC_MAX_CONNECTION_AGE_GRACE_MS" (int64 $v.grpc.maxConnectionAgeGraceMs | toString) -}}
{{- $_ := set $env "GRPC_MAX_IN_FLIGHT" (int64 $v.grpc.maxInFlight | toString) -}}
{{- /* gRPC reflection (docs/exploring-services.md): as set, or on unless nodeEnv is production, as the services decide. */ -}}
{{- $reflection := $v.grpc.reflection -}}
{{- if kindIs "invalid" $reflection -}}{{- $reflection = ne $v.nodeEnv "production" -}}{{- end -}}
{{- $_ := set $env "GRPC_REFLECTION" ($reflection | toString) -}}
{{- end -}}
{{- if has "admin" $settings -}}
{{- $_ := set $env "ADMIN_EMAIL" $v.admin.email -}}
{{- end -}}
{{- if has "sealing" $settings -}}
{{- $_ := set $env "SEALING_ACTIVE_KEY" ($v.sealing.activeKey | default "") -}}
{{- end -}}
{{- if has "payments" $settings -}}
{{- if and $v.payments.simulator (eq $v.nodeEnv "production") -}}{{- fail "payments.simulator: the payment simulator moves no money and is refused with nodeEnv production" -}}{{- end -}}
{{- $_ := set $env "PAYMENT_SIMULATOR" (ternary "true" "false" $v.payments.simulator) -}}
{{- end -}}
{{- if has "offerTokens" $settings -}}
{{- $_ := set $env "OFFER_TOKEN_TTL_SECONDS" (int64 $v.offerTokens.ttlSeconds | toString) -}}
{{- end -}}
{{- if has "webhooks" $settings -}}
{{- $w := $v.webhooks -}}
{{- $_ := set $env "WEBHOOK_RETRY_DELAYS" $w.retryDelays -}}
{{- $_ := set $env "WEBHOOK_TIMEOUT_MS" (int64 $w.timeoutMs | toString) -}}
{{- $_ := set $env "WEBHOOK_LEASE_MS" (int64 $w.leaseMs | toString) -}}
{{- $_ := set $env "WEBHOOK_POLL_MS" (int64 $w.pollMs | toString) -}}
{{- $_ := set $env "WEBHOOK_CONCURRENCY" (int64 $w.concurrency | toString) -}}
{{- $_ := set $env "WEBHOOK_ENDPOINT_CONCURRENCY" (int64 $w.endpointConcurrency | toString) -}}
{{- $_ := set $env "WEBHOOK_BREAKER_FAILURES" (int64 $w.breakerFailures | toString) -}}
{{- $_ := set $env "WEBHOOK_BREAKER_TIMEOUTS" (int64 $w.breakerTimeouts | toString) -}}
{{- $_ := set $env "WEBHOOK_BREAKER_OPEN_MS" (int64 $w.breakerOpenMs | toString) -}}
{{- $_ := set $env "WEBHOOK_BREAKER_MAX_OPEN_MS" (int64 $w.breakerMaxOpenMs | toString) -}}
{{- $_ := set $env "WEBHOOK_INTAKE_PARTITIONS" (int64 $w.intakePartitions | toString) -}}
{{- $_ := set $env "WEBHOOK_ENDPOINT_CACHE_MS" (int64 $w.endpointCacheMs | toString) -}}
{{- $_ := set $env "WEBHOOK_ENDPOINTS_PER_CLIENT" (int64 $w.endpointsPerClient | toString) -}}
{{- end -}}
{{- if has "gateway" $settings -}}
{{- $g := $v.gateway -}}
{{- if $g.trustedProxies -}}
{{- fail "gateway.trustedProxies has moved beside the Ingress settings: set ingress.trustedProxies instead" -}}
{{- end -}}
{{- $_ := set $env "TRUSTED_PROXIES" (join "," $v.ingress.trustedProxies) -}}
{{- $_ := set $env "REQUEST_BUDGET_MS" (int64 $g.requestBudgetMs | toString) -}}
{{- $_ := set $env "GRPC_DEADLINE_MS" (int64 $g.grpcDeadlineMs | toString) -}}
{{- $_ := set $env "HEALTH_DEADLINE_MS" (int64 $g.healthDeadlineMs | toString) -}}
{{- $_ := set $env "HEALTH_REFRESH_MS" (int64 $g.healthRefreshMs | toString) -}}
{{- $_ := set $env "ACCESS_CACHE_TTL_MS" (int64 $g.accessCacheTtlMs | toString) -}}
{{- $_ := set $env "ACCESS_CACHE_OUTAGE_GRACE_MS" (int64 $g.accessCacheOutageGraceMs | toString) -}}
{{- $_ := set $env "ACCESS_LOOKUP_DEADLINE_MS" (int64 $g.accessLookupDeadlineMs | toString) -}}
{{- $_ := set $env "SIGN_IN_ATTEMPTS_PER_MINUTE" (int64 $g.signInAttemptsPerMinute | toString) -}}
{{- $_ := set $env "KEY_FAILURES_PER_ADDRESS" (int64 $g.keyFailuresPerAddress | toString) -}}
{{- $_ := set $env "KEY_FAILURE_WINDOW_SECONDS" (int64 $g.keyFailureWindowSeconds | toString) -}}
{{- $_ := set $env "PUBLIC_TLS" (ternary "true" "false" $g.publicTls) -}}
{{- $_ := set $env "HSTS_MAX_AGE_SECONDS" (int64 $g.hstsMaxAgeSeconds | toString) -}}
{{- $_ := set $env "CORS_ALLOWED_ORIGINS" (join "," $g.corsAllowedOrigins) -}}
{{- $_ := set $env "USAGE_FLUSH_MS" (int64 $g.usageFlushMs | toString) -}}
{{- $_ := set $env "REDIS_WAIT_MS" (int64 $g.redisWaitMs | toString) -}}
{{- $_ := set $env "RATE_LIMIT_SHARE_PERCENT" (toString $g.rateLimitSharePercent) -}}
{{- $_ := set $env "SHUTDOWN_DELAY_MS" (int64 $g.shutdownDelayMs | toString) -}}
{{- /* The partner console's web server, which the gateway serves at /console; empty: no console. */ -}}
{{- $console := "" -}}
{{- range $other := include "partner-travel.enabledProcesses" $root | fromYamlArray -}}
{{- $o := index $v.processes $other -}}
{{- if eq $o.kind "web" -}}{{- $console = printf "http://%s:%d" (include "partner-travel.processName" (list $root $other)) (int64 $o.port) -}}{{- end -}}
{{- end -}}
{{- $_ := set $env "CONSOLE_URL" $console -}}
{{- end -}}
{{- range $key, $value := ($entry.env | default dict) -}}
{{- $_ := set $env $key (toString $value) -}}
{{- end -}}
{{- toYaml $env -}}
{{- end -}}

{{/* Names of the enabled web processes (the partner console), sorted, as a YAML list. */}}
{{- define "partner-travel.webProcesses" -}}
{{- $names := list -}}
{{- range $name := include "partner-travel.enabledProcesses" . | fromYamlArray -}}
{{- if eq (index $.Values.processes $name).kind "web" -}}{{- $names = append $names $name -}}{{- end -}}
{{- end -}}
{{- toYaml $names -}}
{{- end -}}

{{/* The port of a process's metrics listener: its own metricsPort, else metrics.port. */}}
{{- define "partner-travel.metricsPort" -}}
{{- $root := index . 0 -}}
{{- $entry := index $root.Values.processes (index . 1) -}}
{{- int64 ($entry.metricsPort | default $root.Values.metrics.port) | toString -}}
{{- end -}}
