import { Route, Routes } from 'react-router-dom';
import { Layout } from './components/Layout.js';
import { FullPageLoad } from './lib/FullPageLoad.js';
import { BusinessDetail } from './pages/business/BusinessDetail.js';
import { Businesses } from './pages/Businesses.js';
import {
  Categories,
  CategoryDetail,
  Cities,
  CityDetail,
  Countries,
  CountryCities,
  CountryDetail,
} from './pages/Browse.js';
import { Contact } from './pages/Contact.js';
import { Home } from './pages/Home.js';
import { Legal } from './pages/Legal.js';
import { NotFound } from './pages/NotFound.js';
import { Search } from './pages/Search.js';

export function App() {
  return (
    <Routes>
      {/* The admin back office is its own document and bundle (web/admin.html): public pages never load it. */}
      <Route path="/admin/*" element={<FullPageLoad />} />
      <Route path="/admin-legacy/*" element={<FullPageLoad />} />
      <Route element={<Layout />}>
        <Route path="/" element={<Home />} />
        <Route path="/business/:slug" element={<BusinessDetail />} />
        <Route path="/businesses" element={<Businesses />} />
        <Route path="/search" element={<Search />} />
        <Route path="/categories" element={<Categories />} />
        <Route path="/categories/:slug" element={<CategoryDetail />} />
        <Route path="/countries" element={<Countries />} />
        <Route path="/countries/:slug" element={<CountryDetail />} />
        <Route path="/countries/:slug/cities" element={<CountryCities />} />
        <Route path="/cities" element={<Cities />} />
        <Route path="/cities/:letter" element={<Cities />} />
        <Route path="/cities/:countryCode/:citySlug" element={<CityDetail />} />
        <Route path="/contact" element={<Contact />} />
        {['privacy-policy', 'legal-notice', 'terms-of-service', 'cookie-policy'].map((page) => (
          <Route key={page} path={`/${page}`} element={<Legal page={page} />} />
        ))}
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
