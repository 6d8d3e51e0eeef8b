import type { Sequelize } from 'sequelize';
import { initNamedRow, NamedRow } from './namedRow';

export class CustomerType extends NamedRow<CustomerType> {
  static initModel(sequelize: Sequelize): void {
    initNamedRow(CustomerType, sequelize, 'customer_types');
  }
}
