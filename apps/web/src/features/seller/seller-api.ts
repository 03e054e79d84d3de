import type {
  Category,
  ComplaintPage,
  MerchantApplication,
  MerchantApplyBody,
  MerchantDashboard,
  MerchantInfo,
  OrderDetail,
  Page,
  ProductSaveInput,
  PromoSaveInput,
  SellerOrderDetail,
  SellerOrderPage,
  SellerProductDetail,
  SellerProductPage,
  SellerPromo,
  SellerReview,
  SellerShop,
  SettlementPage,
  ShopSaveBody,
} from '@crossmart/contract';
import { api } from '../../shared/api/index.ts';

/** The seller platform's calls: one function per call. */

export const getMerchantInfo = () => api.get<MerchantInfo>('/api/merchant/info');
export const applyForShop = (body: MerchantApplyBody) => api.post<MerchantApplication>('/api/merchant/apply', body);
export const getDashboard = () => api.get<MerchantDashboard>('/api/merchant/dashboard');
export const saveShop = (body: ShopSaveBody) => api.post<SellerShop>('/api/merchant/shop_save', body);
export const listCategories = () => api.get<Category[]>('/api/category/list');

export const listProducts = (status: string, keyword: string, page: number) =>
  api.get<SellerProductPage>('/api/merchant/product_list', {
    status,
    page,
    limit: 20,
    ...(keyword ? { keyword } : {}),
  });
export const getProductForm = (id: number) => api.get<SellerProductDetail>('/api/merchant/product_detail', { id });
export const saveProduct = (body: ProductSaveInput) => api.post<{ id: number }>('/api/merchant/product_save', body);
export const setProductStatus = (id: number, status: 0 | 1) =>
  api.post<{ id: number }>('/api/merchant/product_status', { id, status });
export const deleteProduct = (id: number) => api.post<{ id: number }>('/api/merchant/product_delete', { id });

export const listOrders = (status: string, page: number) =>
  api.get<SellerOrderPage>('/api/merchant/order_list', { status, page, limit: 20 });
export const getOrder = (id: number) => api.get<SellerOrderDetail>('/api/merchant/order_detail', { id });
export const shipOrder = (body: { order_id: number; carrier: string; tracking_no: string }) =>
  api.post<Pick<OrderDetail, 'id' | 'status'>>('/api/merchant/order_ship', body);
export const addLogistics = (body: { order_id: number; description: string; location: string }) =>
  api.post<Pick<OrderDetail, 'id' | 'status'>>('/api/merchant/logistics_add', body);

export const listSettlements = (page: number) =>
  api.get<SettlementPage>('/api/merchant/settlement_list', { page, limit: 20 });
export const listPromos = () => api.get<Page<SellerPromo>>('/api/merchant/promo_list', { page: 1, limit: 50 });
export const savePromo = (body: PromoSaveInput) => api.post<{ id: number }>('/api/merchant/promo_save', body);
export const listReviews = () => api.get<Page<SellerReview>>('/api/merchant/review_list', { page: 1, limit: 50 });
export const listShopComplaints = () =>
  api.get<ComplaintPage>('/api/merchant/complaint_list', { page: 1, limit: 50, status: 'all' });
export const replyReview = (id: number, content: string) =>
  api.post<{ id: number }>('/api/merchant/review_reply', { id, content });
