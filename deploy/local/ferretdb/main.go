// Command ferretdb-local runs an embedded FerretDB (SQLite backend) for local development.
//
// We wrap the embeddable package instead of `go install .../cmd/ferretdb`
// because the upstream command panics when built that way.
package main

import (
	"context"
	"flag"
	"log"
	"log/slog"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"

	"github.com/FerretDB/FerretDB/ferretdb"
)

func main() {
	listen := flag.String("listen", "127.0.0.1:27017", "TCP address to listen on")
	dir := flag.String("dir", "", "existing directory holding the SQLite databases")
	// FerretDB logs every failed command (even the harmless endSessions) at warn, so error is the quiet default.
	level := flag.String("log-level", "error", "FerretDB log level: debug, info, warn or error")
	flag.Parse()

	if *dir == "" {
		log.Fatal("-dir is required")
	}
	abs, err := filepath.Abs(*dir)
	if err != nil {
		log.Fatal(err)
	}
	// FerretDB requires the directory to exist and the URL to end with a slash.
	if err = os.MkdirAll(abs, 0o755); err != nil {
		log.Fatal(err)
	}

	var lvl slog.Level
	if err = lvl.UnmarshalText([]byte(*level)); err != nil {
		log.Fatal(err)
	}
	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: lvl}))
	// Our own start/stop lines are always shown so the log says when the server was up.
	own := slog.New(slog.NewTextHandler(os.Stderr, nil))

	f, err := ferretdb.New(&ferretdb.Config{
		Listener:  ferretdb.ListenerConfig{TCP: *listen},
		Logger:    logger,
		Handler:   "sqlite",
		SQLiteURL: "file:" + abs + "/",
	})
	if err != nil {
		log.Fatal(err)
	}

	// Cancelling the context on SIGTERM/SIGINT lets FerretDB close connections and SQLite cleanly.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	own.Info("ferretdb-local starting", "addr", *listen, "dir", abs, "log-level", lvl.String())
	if err = f.Run(ctx); err != nil {
		log.Fatal(err)
	}
	own.Info("ferretdb-local stopped")
}
