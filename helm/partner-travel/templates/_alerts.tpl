{{/* The pieces of the alert rules (prometheusrule.yaml): label matchers that select this release's series. */}}

{{/* This release's pods of one process (or of all, with "*"): namespace and pod name. Call with (list $ "gateway"). */}}
{{- define "partner-travel.alerts.pods" -}}
{{- $root := index . 0 -}}
{{- $process := index . 1 -}}
{{- $prefix := include "partner-travel.fullname" $root -}}
{{- if ne $process "*" -}}{{- $prefix = include "partner-travel.processName" (list $root $process) -}}{{- end -}}
namespace="{{ $root.Release.Namespace }}",pod=~"{{ $prefix }}-.*"
{{- end -}}

{{/* This release's Deployments, as kube-state-metrics names them. */}}
{{- define "partner-travel.alerts.deployments" -}}
namespace="{{ .Release.Namespace }}",deployment=~"{{ include "partner-travel.fullname" . }}-.*"
{{- end -}}

{{/* The gateway's requests that count for the SLOs: health probes left out. */}}
{{- define "partner-travel.alerts.sloRequests" -}}
{{ include "partner-travel.alerts.pods" (list . "gateway") }},route!~"/api/v1/health|/api/health|/api/ready"
{{- end -}}

{{/* The labels a recorded SLO ratio carries, so that two releases' rules never record the same series. */}}
{{- define "partner-travel.alerts.recordLabels" -}}
namespace: {{ .Release.Namespace | quote }}
release: {{ .Release.Name | quote }}
{{- end -}}

{{/* What every alert carries: its severity, the release and the chart's alertLabels. Call with (list $ "critical"). */}}
{{- define "partner-travel.alerts.labels" -}}
{{- $root := index . 0 -}}
severity: {{ index . 1 }}
release: {{ $root.Release.Name | quote }}
{{- with $root.Values.metrics.prometheusRule.alertLabels }}
{{ toYaml . }}
{{- end }}
{{- end -}}
