import { createAuditOutbox } from '@travel/audit';
import { content } from '@travel/contracts';
import { AUDIT_ENTRIES_TOPIC, createAuditRelay, createEventPublisher, createKafka } from '@travel/events';
import { createGrpcServer, reflectionOf, serverConnectionsOf, serverPeersOf } from '@travel/grpc';
import type { Component } from '@travel/lifecycle';
import type { Logger } from '@travel/logger';
import { createCounters, createMongo, mongoOptionsOf } from '@travel/mongo';
import type { ContentConfig } from './config';
import { createBlogRepository } from './db/blog.repository';
import { collections } from './db/collections';
import { createHeroSlideRepository } from './db/hero-slide.repository';
import { createThemeRepository } from './db/theme.repository';
import { createCreateBlog } from './domain/create-blog';
import { createDeleteBlog } from './domain/delete-blog';
import {
  createCreateHeroSlide,
  createDeleteHeroSlide,
  createListHeroSlides,
  createUpdateHeroSlide,
} from './domain/manage-hero-slides';
import {
  createActivateTheme,
  createCreateTheme,
  createGetActiveTheme,
  createListThemes,
} from './domain/manage-themes';
import { createMoveBlog } from './domain/move-blog';
import { createGetPublishedBlog, createListBlogs, createListPublishedBlogs } from './domain/read-blogs';
import { createUpdateBlog } from './domain/update-blog';
import { createContentGrpc } from './grpc/content.grpc';

export interface ContentServiceOptions {
  /** The clock of posts, slides and themes; tests pass their own. */
  now?: () => Date;
}

/**
 * Content owns blogs, hero slides and storefront themes. It consumes no events; each change is stored with its
 * audit entry, relayed to `audit.entries`. Wired by hand: repositories → use cases → gRPC.
 */
export function createContentService(
  config: ContentConfig,
  logger: Logger,
  options: ContentServiceOptions = {},
) {
  const now = options.now ?? (() => new Date());
  const mongo = createMongo({ ...mongoOptionsOf(config), logger, collections });
  const kafka = createKafka(config.KAFKA_BROKERS, 'content', logger, config.KAFKA_NAMESPACE, config);
  const topicOptions = {
    partitions: config.KAFKA_TOPIC_PARTITIONS,
    replicationFactor: config.KAFKA_REPLICATION_FACTOR,
  };
  const publisher = createEventPublisher({ kafka, topics: [AUDIT_ENTRIES_TOPIC], topicOptions, logger });
  const audit = createAuditOutbox();
  const auditRelay = createAuditRelay({ service: 'content', outbox: audit, publisher, config, logger });
  const counters = createCounters(mongo.connection);
  const blogs = createBlogRepository(mongo.connection, audit);
  const slideDeps = { slides: createHeroSlideRepository(mongo.connection, audit), counters, now };
  const themeDeps = { themes: createThemeRepository(mongo.connection, audit), counters, now };
  const contentGrpc = createContentGrpc({
    listBlogs: createListBlogs({ blogs }),
    createBlog: createCreateBlog({ blogs, counters, now }),
    updateBlog: createUpdateBlog({ blogs, now }),
    deleteBlog: createDeleteBlog({ blogs, now }),
    moveBlog: createMoveBlog({ blogs, now }),
    listPublishedBlogs: createListPublishedBlogs({ blogs }),
    getPublishedBlog: createGetPublishedBlog({ blogs }),
    listHeroSlides: createListHeroSlides(slideDeps),
    createHeroSlide: createCreateHeroSlide(slideDeps),
    updateHeroSlide: createUpdateHeroSlide(slideDeps),
    deleteHeroSlide: createDeleteHeroSlide(slideDeps),
    listThemes: createListThemes(themeDeps),
    createTheme: createCreateTheme(themeDeps),
    activateTheme: createActivateTheme(themeDeps),
    getActiveTheme: createGetActiveTheme(themeDeps),
  });
  const grpc = createGrpcServer({
    host: config.GRPC_HOST,
    port: config.GRPC_PORT,
    connections: serverConnectionsOf(config),
    reflection: reflectionOf(config),
    peers: serverPeersOf(config, 'content'),
    services: [{ definition: content.ContentServiceDefinition, implementation: contentGrpc }],
    healthChecks: { mongodb: mongo.ping, kafka: publisher.ping },
    logger,
  });
  const components: Component[] = [mongo, publisher, auditRelay, grpc];
  return { components, grpc, mongo };
}
