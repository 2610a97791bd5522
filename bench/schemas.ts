// The projects.json schemas, one set per library, shared by the normalizr and core
// suites so both measure the same shapes.
import * as resto from '@resto/core';
import { Entity as DEntity } from '@data-client/endpoint';

export class RBuildType extends resto.Entity {
  id = '';
  internalId = '';
  name = '';
  type = '';
  paused = false;
  projectId = '';
  static override key = 'BuildType';
}

export class RProject extends resto.Entity {
  id = '';
  internalId = '';
  name = '';
  parentProjectId = '';
  archived = false;
  buildTypes = { buildType: [] as RBuildType[] };
  static override key = 'Project';
  static override schema = { buildTypes: { buildType: [RBuildType] } };
}

export class DBuildType extends DEntity {
  id = '';
  internalId = '';
  name = '';
  type = '';
  paused = false;
  projectId = '';
  pk() {
    return this.id;
  }
  static key = 'BuildType';
}

export class DProject extends DEntity {
  id = '';
  internalId = '';
  name = '';
  parentProjectId = '';
  archived = false;
  buildTypes = { buildType: [] as DBuildType[] };
  pk() {
    return this.id;
  }
  static key = 'Project';
  static schema = { buildTypes: { buildType: [DBuildType] } };
}

/**
 * The same shapes for a data-client build loaded at run time (the vendored 0.18
 * reference build): each build has its own Entity class.
 */
export function dataClientSchemas(Entity: any): { BuildType: any; Project: any } {
  class BuildType extends Entity {
    id = '';
    internalId = '';
    name = '';
    type = '';
    paused = false;
    projectId = '';
    pk() {
      return this.id;
    }
    static key = 'BuildType';
  }
  class Project extends Entity {
    id = '';
    internalId = '';
    name = '';
    parentProjectId = '';
    archived = false;
    buildTypes = { buildType: [] as unknown[] };
    pk() {
      return this.id;
    }
    static key = 'Project';
    static schema = { buildTypes: { buildType: [BuildType] } };
  }
  return { BuildType, Project };
}
