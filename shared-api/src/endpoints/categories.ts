import type { CategoryBody, CategoryListResponse, CategoryResponse } from '../contract/categories';
import { request } from '../client/http';

export const createCategory = (body: CategoryBody) => request<CategoryResponse>('post', 'category', { json: body });
export const getCategories = () => request<CategoryListResponse>('get', 'category');
export const updateCategory = (id: string, body: CategoryBody) =>
  request<CategoryResponse>('put', `category/${encodeURIComponent(id)}`, { json: body });
export const deleteCategory = (id: string) => request<CategoryResponse>('delete', `category/${encodeURIComponent(id)}`);
