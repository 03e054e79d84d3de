import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Image, List, SearchBar, Tabs, Tag } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { currentDir } from '../../../shared/i18n/i18n.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useMoney } from '../../../shared/lib/use-money.ts';
import { confirm, toast } from '../../../shared/ui/feedback.ts';
import { LineParts } from '../../../shared/ui/line-parts.tsx';
import { deleteProduct, listProducts, setProductStatus } from '../seller-api.ts';

const filters = ['all', '1', '0', '-1'] as const;

/** The shop's products: status tabs with counts, a title search, on/off sale, edit and delete. */
export default function ProductsPage() {
  const { t } = useTranslation();
  const money = useMoney();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<string>('all');
  const [keyword, setKeyword] = useState('');
  const { data } = useQuery({
    queryKey: ['seller', 'products', status, keyword],
    queryFn: () => listProducts(status, keyword, 1),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['seller', 'products'] });
  async function toggle(id: number, next: 0 | 1) {
    await setProductStatus(id, next);
    toast(t(next === 1 ? 'seller.putOnSale' : 'seller.takeOffSale'), 'success');
    await refresh();
  }
  async function remove(id: number) {
    if (!(await confirm({ content: t('seller.deleteConfirm') }))) return;
    await deleteProduct(id);
    await refresh();
  }
  return (
    <div className="cm-seller-page">
      <div className="cm-seller-toolbar">
        <SearchBar placeholder={t('seller.searchProducts')} onSearch={setKeyword} onClear={() => setKeyword('')} />
        <Button color="primary" size="small" onClick={() => navigate('/seller/products/new')}>
          {t('seller.newProduct')}
        </Button>
      </div>
      <Tabs direction={currentDir()} activeKey={status} onChange={setStatus}>
        {filters.map((key) => (
          <Tabs.Tab key={key} title={`${t(`seller.productStatus.${key}`)} ${data?.counts[key] ?? ''}`} />
        ))}
      </Tabs>
      {data && data.list.length === 0 ? (
        <Empty description={t('seller.noProducts')} />
      ) : (
        <List>
          {data?.list.map((product) => (
            <List.Item
              key={product.id}
              prefix={<Image src={product.image} width={56} height={56} fit="cover" lazy />}
              description={
                <>
                  <div>
                    <LineParts
                      parts={[
                        money(product.price),
                        `${t('seller.stock')} ${product.stock}`,
                        `${t('seller.sold')} ${product.sold}`,
                      ]}
                    />
                  </div>
                  <div className="cm-seller-actions">
                    <Tag color={product.status === 1 ? 'success' : product.status === 0 ? 'default' : 'danger'}>
                      {t(`seller.productStatus.${product.status}`)}
                    </Tag>
                    <Button size="mini" onClick={() => navigate(`/seller/products/${product.id}`)}>
                      {t('seller.edit')}
                    </Button>
                    {product.status !== -1 && (
                      <Button size="mini" onClick={() => toggle(product.id, product.status === 1 ? 0 : 1)}>
                        {t(product.status === 1 ? 'seller.takeOffSale' : 'seller.putOnSale')}
                      </Button>
                    )}
                    {product.sold === 0 && (
                      <Button size="mini" color="danger" fill="none" onClick={() => remove(product.id)}>
                        {t('seller.delete')}
                      </Button>
                    )}
                  </div>
                </>
              }
            >
              {product.title}
            </List.Item>
          ))}
        </List>
      )}
    </div>
  );
}
