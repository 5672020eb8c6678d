import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { adminRequest, ApiError, setSignedInFlag } from './api.js';
import { useToast } from './toast.js';

export const LOGIN_FAILED = 'Username or password is incorrect';
export const LOGIN_UNREACHABLE = 'Unable to connect to server. Please try again.';

/** Admin spec §2 sign-in: both fields required; on success the flag is set and the admin goes to /admin. */
export function Login() {
  const navigate = useNavigate();
  const toast = useToast();
  const { mutate } = useSWRConfig();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!username || !password || busy) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await adminRequest<{ success: boolean; message?: string }>('/api/admin/login', {
        method: 'POST',
        body: { username, password },
        redirectOn401: false,
      });
      if (!answer?.success) throw new ApiError(401, JSON.stringify(answer ?? {}), 'Unauthorized');
      setSignedInFlag(true);
      // Whatever an earlier session had cached is not this admin's.
      await mutate(() => true, undefined, { revalidate: false });
      toast({
        title: 'Welcome',
        description: answer.message && answer.message !== 'Welcome' ? answer.message : undefined,
      });
      navigate('/admin', { replace: true });
    } catch (caught) {
      setSignedInFlag(false);
      if (caught instanceof ApiError) {
        const message = caught.status === 401 || caught.status === 400 ? LOGIN_FAILED : caught.serverMessage;
        setError(message);
        toast({ title: 'Invalid Login', description: message, variant: 'destructive' });
      } else {
        setError(LOGIN_UNREACHABLE);
        toast({ title: 'Login Error', description: LOGIN_UNREACHABLE, variant: 'destructive' });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="admin-login">
      <form className="admin-card login-card" onSubmit={submit} aria-labelledby="login-title" noValidate>
        <h1 id="login-title">Yönetici Girişi</h1>
        <p className="muted">Yönetim paneline erişmek için giriş yapın.</p>
        <div className="admin-field">
          <label htmlFor="admin-username">Kullanıcı Adı</label>
          <input
            id="admin-username"
            name="username"
            autoComplete="username"
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            required
            aria-required="true"
            autoFocus
          />
        </div>
        <div className="admin-field">
          <label htmlFor="admin-password">Şifre</label>
          <span className="password-row">
            <input
              id="admin-password"
              name="password"
              type={showPassword ? 'text' : 'password'}
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              required
              aria-required="true"
            />
            <button
              type="button"
              className="secondary"
              aria-pressed={showPassword}
              aria-controls="admin-password"
              onClick={() => setShowPassword((s) => !s)}
            >
              Şifreyi göster
            </button>
          </span>
        </div>
        {error && <p className="error">{error}</p>}
        <button type="submit" disabled={!username || !password || busy}>
          {busy ? 'Giriş yapılıyor...' : 'Giriş Yap'}
        </button>
      </form>
    </div>
  );
}
