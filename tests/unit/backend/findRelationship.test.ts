import { describe, expect, it } from 'vitest';
import { findRelationship } from '../../../generator/backend/rest/findRelationship.ts';
import type { RestCatalog } from '../../../generator/backend/rest/loadCatalog.ts';
import { RestError } from '../../../generator/backend/rest/RestError.ts';

const fk = (name: string, table: string, columns: string[], foreignTable: string, unique = false) => ({ name, table, columns, foreignTable, foreignColumns: ['id'], unique });
const catalog: RestCatalog = {
  schema: 'public',
  tables: new Map([['members', { columns: ['player_id', 'team_id'], primaryKey: ['player_id', 'team_id'] }]]),
  functions: new Map(),
  foreignKeys: [
    fk('cities_country_id_fkey', 'cities', ['country_id'], 'countries'),
    fk('capitals_country_id_fkey', 'capitals', ['country_id'], 'countries', true),
    fk('messages_sender_id_fkey', 'messages', ['sender_id'], 'people'),
    fk('messages_receiver_id_fkey', 'messages', ['receiver_id'], 'people'),
    fk('employees_manager_id_fkey', 'employees', ['manager_id'], 'employees'),
    fk('members_player_id_fkey', 'members', ['player_id'], 'players'),
    fk('members_team_id_fkey', 'members', ['team_id'], 'teams'),
  ],
};

describe('findRelationship', () => {
  it('finds many-to-one, one-to-many and one-to-one in both directions', () => {
    expect(findRelationship(catalog, 'cities', 'countries')).toEqual({ table: 'countries', toOne: true, pairs: [['country_id', 'id']] });
    expect(findRelationship(catalog, 'countries', 'cities')).toEqual({ table: 'cities', toOne: false, pairs: [['id', 'country_id']] });
    expect(findRelationship(catalog, 'countries', 'capitals').toOne).toBe(true);
    expect(findRelationship(catalog, 'messages', 'sender_id')).toEqual({ table: 'people', toOne: true, pairs: [['sender_id', 'id']] });
    expect(findRelationship(catalog, 'messages', 'people', 'messages_receiver_id_fkey').pairs).toEqual([['receiver_id', 'id']]);
  });

  it('reads a self-reference as PostgREST does: one-to-many by table name, many-to-one by column name', () => {
    expect(findRelationship(catalog, 'employees', 'employees')).toEqual({ table: 'employees', toOne: false, pairs: [['id', 'manager_id']] });
    expect(findRelationship(catalog, 'employees', 'employees', 'manager_id').toOne).toBe(false);
    expect(findRelationship(catalog, 'employees', 'manager_id')).toEqual({ table: 'employees', toOne: true, pairs: [['manager_id', 'id']] });
    expect(() => findRelationship(catalog, 'cities', 'countries', 'nope')).toThrow(/Could not find a relationship/);
  });

  it('finds many-to-many through a junction whose key holds both foreign keys', () => {
    expect(findRelationship(catalog, 'players', 'teams', 'members')).toEqual({
      table: 'teams',
      toOne: false,
      pairs: [],
      junction: { table: 'members', parentPairs: [['id', 'player_id']], childPairs: [['id', 'team_id']] },
    });
    const noKey: RestCatalog = { ...catalog, tables: new Map([['members', { columns: ['player_id', 'team_id'] }]]) };
    expect(() => findRelationship(noKey, 'players', 'teams')).toThrow(/Could not find a relationship between 'players' and 'teams'/);
  });

  it('refuses no relationship (PGRST200) and several (PGRST201)', () => {
    const error = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return e as RestError;
      }
      throw new Error('no error');
    };
    const none = error(() => findRelationship(catalog, 'countries', 'people', 'x'));
    expect(none.status).toBe(400);
    expect(none.body).toEqual({
      code: 'PGRST200',
      message: "Could not find a relationship between 'countries' and 'people' in the schema cache",
      details: "Searched for a foreign key relationship between 'countries' and 'people' using the hint 'x' in the schema 'public', but no matches were found.",
      hint: null,
    });
    const many = error(() => findRelationship(catalog, 'people', 'messages'));
    expect(many.status).toBe(300);
    expect(many.body.details).toEqual([
      { cardinality: 'one-to-many', embedding: 'people with messages', relationship: 'messages_sender_id_fkey using people(id) and messages(sender_id)' },
      { cardinality: 'one-to-many', embedding: 'people with messages', relationship: 'messages_receiver_id_fkey using people(id) and messages(receiver_id)' },
    ]);
  });
});
